import Foundation

/// Where `tpc serve` listens, from the line it prints once ready:
/// `tpc: listening on http://HOST:PORT (base path /mg/tpc)`.
///
/// The one parser of that line, for the demo's sandbox and the tests' servers.
package struct ListeningAddress: Sendable, Hashable {
    /// The line's prefix.
    package static let prefix = "tpc: listening on "

    /// `http://HOST:PORT`, with the port the kernel chose for `--port 0`.
    package let root: String
    /// The base path, `""` when the service is served at the root.
    package let basePath: String

    /// The service URL with its base path, e.g. `http://127.0.0.1:40123/mg/tpc`.
    package var serviceURL: URL? { URL(string: root + basePath) }

    /// Parses a listening line; `nil` when it is not one or names no port.
    package init?(line: some StringProtocol) {
        let line = String(line)
        guard let start = line.range(of: Self.prefix)?.upperBound,
            let open = line.range(of: " (base path ", range: start..<line.endIndex),
            let close = line.range(of: ")", range: open.upperBound..<line.endIndex)
        else { return nil }
        let root = String(line[start..<open.lowerBound])
        guard let url = URL(string: root), let port = url.port, port > 0 else { return nil }
        let basePath = String(line[open.upperBound..<close.lowerBound])
        self.root = root
        self.basePath = basePath == "/" ? "" : basePath
    }

    /// The first listening line of `text` (a server's standard output so far).
    package static func first(in text: some StringProtocol) -> ListeningAddress? {
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            if let address = ListeningAddress(line: line) { return address }
        }
        return nil
    }
}
