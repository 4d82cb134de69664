import Foundation
import TPCCommandLine

/// A directory written by `tpc issuer init` or `tpc serve --sandbox`: its
/// `sandbox.json` summary names the issuer, the audience, the key id and the
/// files. Issuer commands take their defaults from it (`--issuer-dir`).
struct IssuerDirectory {
    let url: URL
    let summary: [String: String]

    static let option = Option<String?>(
        "issuer-dir", valueName: "dir",
        help: "Directory of `tpc issuer init` or `tpc serve --sandbox` (sandbox.json) to take defaults from.")

    /// The directory of `--issuer-dir`, or `nil` when absent.
    static func load(_ arguments: ParsedArguments) throws -> IssuerDirectory? {
        guard let path = try arguments[option] else { return nil }
        let url = URL(fileURLWithPath: path, isDirectory: true)
        let file = url.appendingPathComponent("sandbox.json")
        guard let data = try? Data(contentsOf: file),
            let summary = try? JSONDecoder().decode([String: String].self, from: data)
        else {
            throw CommandLineError(
                .configuration, "no readable sandbox.json in \(path)",
                hint: "run `tpc issuer init --dir \(path)` or `tpc serve --sandbox --sandbox-dir \(path)` first")
        }
        return IssuerDirectory(url: url, summary: summary)
    }

    /// The path of the file the summary names under `key`.
    func file(_ key: String) -> String? {
        summary[key].map { url.appendingPathComponent($0).path }
    }

    /// The text of `path`, or a `config` failure naming it.
    static func read(_ path: String, what: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandLineError(
                .configuration, "cannot read the \(what) at \(path)", hint: "check the path and its permissions")
        }
    }
}
