import Foundation

/// Where `tpc serve` listens, from its ready file (`tpc serve --ready-file
/// PATH`: `TPC_URL=…`, `TPC_ROOT=…`, `TPC_BASE_PATH=…` lines).
///
/// The one reader of that file, for the demo's sandbox and the tests'
/// servers; the README's scripts source it.
package struct ListeningAddress: Sendable, Hashable {
    /// `http://HOST:PORT`, with the port the kernel chose for `--port 0`.
    package let root: String
    /// The base path, `""` when the service is served at the root.
    package let basePath: String
    /// `http://HOST:PORT` of the operations listener (`--operations-port`).
    package let operationsRoot: String?

    /// The service URL with its base path, e.g. `http://127.0.0.1:40123/mg/tpc`.
    package var serviceURL: URL? { URL(string: root + basePath) }

    /// Reads a ready file's text; `nil` when it lacks the root or names no port.
    package init?(readyFile text: String) {
        var values: [Substring: Substring] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[line[..<equals]] = line[line.index(after: equals)...]
        }
        guard let root = values["TPC_ROOT"].map(String.init), let url = URL(string: root), let port = url.port,
            port > 0
        else { return nil }
        let basePath = values["TPC_BASE_PATH"].map(String.init) ?? ""
        self.root = root
        self.basePath = basePath == "/" ? "" : basePath
        self.operationsRoot = values["TPC_OPERATIONS_URL"].map(String.init)
    }

    /// The ready file at `file`, once `tpc serve` wrote it; `nil` before.
    package static func read(readyFile file: URL) -> ListeningAddress? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return ListeningAddress(readyFile: text)
    }
}
