import Foundation
import TPCCommandLine
import TPCDemo

/// The `tpc serve --sandbox` the SDK and issuer-wallet figures measure
/// against, started in a temporary directory through TPCDemo's
/// `SandboxProcess` — the launcher the demo uses too, ready when `tpc serve`
/// writes its ready file.
///
/// ```swift
/// try await BenchSandbox.with("sdk", server: arguments.first) { service, directory in
///     let bank = try DemoBank(service: service)
///     …
/// }
/// ```
enum BenchSandbox {
    /// The `tpc` to start: `path` (the benchmark's argument), `TPC_BINARY`, the
    /// `tpc` beside `tpc-bench`, or the debug build's beside a release
    /// `tpc-bench`; `nil` when none is an executable file.
    static func server(_ path: String?) -> URL? {
        var candidates = [path, ProcessInfo.processInfo.environment["TPC_BINARY"]]
            .compactMap { $0 }.filter { !$0.isEmpty }.map { URL(fileURLWithPath: $0) }
        if let directory = SiblingExecutable.directory {
            candidates.append(directory.appendingPathComponent("tpc"))
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("debug/tpc"))
        }
        return SiblingExecutable.first(among: candidates)
    }

    /// Runs `body` with a sandbox started in a fresh temporary directory (its
    /// `sandbox/`, the server's log, and room for the benchmark's files),
    /// then stops it and removes the directory, whether `body` returns or
    /// throws. Without a `tpc` it says the benchmark was skipped.
    ///
    /// - Throws: what `body` throws, or `DemoError` `sandbox-unavailable` when
    ///   the server does not start.
    static func with(
        _ benchmark: String, server path: String?, _ body: (ServiceEndpoint, URL) async throws -> Void
    ) async throws {
        guard let executable = server(path) else {
            print("tpc-bench \(benchmark): no tpc binary (build it, pass its path or set TPC_BINARY); skipped")
            return
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tpc-bench-\(benchmark)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sandbox = try await SandboxProcess.start(executable: executable, directory: directory)
        do {
            try await body(sandbox.endpoint, directory)
            await sandbox.stop()
        } catch {
            await sandbox.stop()
            throw error
        }
    }
}
