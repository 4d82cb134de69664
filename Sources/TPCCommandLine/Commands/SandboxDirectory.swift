import Foundation

/// The sandbox directory of `tpc serve --sandbox` (`--sandbox-dir`), where the
/// sandbox issuer's files, its database and the simulated devices live.
package enum SandboxDirectory {
    /// The directory when `--sandbox-dir` is absent, relative to the working
    /// directory.
    package static let defaultPath = ".tpc-sandbox"

    /// The directory at `path` (``defaultPath`` when `nil`), standardized.
    package static func url(_ path: String?) -> URL {
        URL(fileURLWithPath: path ?? defaultPath, isDirectory: true).standardizedFileURL
    }
}
