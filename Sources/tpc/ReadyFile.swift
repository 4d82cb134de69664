import Foundation
import TPCCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tpc serve --ready-file PATH`: the machine-readable signal that the
/// service listens, for scripts, the demo, the bench and the tests.
///
/// Written once every listener is up, in one rename (never half a file),
/// and removed at shutdown. A file an earlier run left (one killed with
/// SIGKILL) is removed when the new run starts, which is after its launcher
/// may have looked: a launcher that reuses a path removes the file before it
/// starts `tpc serve` (the demo, the tests and the examples here do, or use
/// a fresh path). Its lines are `KEY=value`
/// with no quoting needed, so a shell can source it:
///
/// ```sh
/// rm -f "$work/ready"
/// tpc serve --sandbox --port 0 --ready-file "$work/ready" > "$work/serve.out" &
/// for _ in $(seq 300); do [ -s "$work/ready" ] && break; sleep 0.1; done
/// . "$work/ready"
/// curl "$TPC_URL/v1/sandbox/test-cards"
/// ```
///
/// | Key | Value |
/// |---|---|
/// | `TPC_URL` | the service URL with its base path, `http://127.0.0.1:40123/mg/tpc` |
/// | `TPC_ROOT` | scheme, host and port, `http://127.0.0.1:40123` |
/// | `TPC_BASE_PATH` | the base path, `/mg/tpc` (`/` for none) |
/// | `TPC_OPERATIONS_URL` | with `--operations-port`: `http://127.0.0.1:9090` |
/// | `TPC_PID` | the server's process id |
struct ReadyFile {
    let url: URL

    /// Removes a file an earlier run left behind; a missing file is fine.
    ///
    /// - Throws: ``CommandLineError`` (`invalid-value`, naming `--ready-file`)
    ///   when the path names something other than a regular file (a directory
    ///   given by mistake is never deleted) or it cannot go.
    func removeStale() throws {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT { return }
            throw Self.refusal("cannot inspect \(url.path) (errno \(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Self.refusal("\(url.path) is not a regular file; give --ready-file a file's path")
        }
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw Self.refusal("cannot remove \(url.path) (errno \(errno))")
        }
    }

    /// Writes the file in one rename.
    func write(root: String, basePath: String, operationsRoot: String?) throws {
        var lines = [
            "TPC_URL=\(root)\(basePath)", "TPC_ROOT=\(root)", "TPC_BASE_PATH=\(basePath.isEmpty ? "/" : basePath)",
        ]
        if let operationsRoot { lines.append("TPC_OPERATIONS_URL=\(operationsRoot)") }
        lines.append("TPC_PID=\(ProcessInfo.processInfo.processIdentifier)")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
    }

    /// Removes the file at shutdown (a file only: `unlink`, never a
    /// directory's contents).
    func remove() {
        _ = unlink(url.path)
    }

    private static func refusal(_ message: String) -> CommandLineError {
        CommandLineError(.invalidValue, "--ready-file: \(message)")
    }
}
