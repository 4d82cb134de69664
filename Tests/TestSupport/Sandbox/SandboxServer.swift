import Foundation
import Synchronization

/// A real `tpc serve --sandbox` on a free port (`--port 0`), in a temporary
/// directory, for end-to-end tests and benchmarks.
///
/// The directory holds `sandbox/` (`sandbox.json`, the sandbox issuer's keys,
/// the SQLite database) and `logs/` (the server's standard output and error).
///
/// ```swift
/// let sandbox = try await SandboxServer.start()
/// defer { sandbox.stop() }
/// let backend = try IssuerBackend(sandbox: sandbox)
/// ```
public final class SandboxServer: Sendable {
    /// Former name of ``TestSupportError``, kept for helpers written against it.
    public typealias Failure = TestSupportError

    /// The service URL with its base path (`http://127.0.0.1:PORT/mg/tpc`).
    public let baseURL: URL
    /// The sandbox directory holding `sandbox.json` and the issuer's files.
    public let directory: URL
    /// The temporary directory around ``directory`` and the logs.
    public let workDirectory: URL
    /// The server process.
    public let process: TPCProcess

    private init(baseURL: URL, directory: URL, workDirectory: URL, process: TPCProcess) {
        self.baseURL = baseURL
        self.directory = directory
        self.workDirectory = workDirectory
        self.process = process
    }

    /// Starts a sandbox and waits for its listening line.
    ///
    /// - Parameter arguments: more `tpc serve` arguments (`--database …`).
    /// - Throws: ``TestSupportError`` when `tpc` is not built or does not start.
    public static func start(arguments: [String] = []) async throws -> SandboxServer {
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("tpc-sandbox-\(UUID().uuidString)", isDirectory: true)
        let directory = work.appendingPathComponent("sandbox", isDirectory: true)
        let process = try TPCProcess(
            ["serve", "--sandbox", "--sandbox-dir", directory.path, "--port", "0"] + arguments,
            logs: work.appendingPathComponent("logs"), name: "serve")
        do {
            guard let url = try await process.listening().serviceURL else {
                throw TestSupportError(.launch, "the listening line names no usable URL")
            }
            return SandboxServer(baseURL: url, directory: directory, workDirectory: work, process: process)
        } catch {
            process.terminateNow()
            throw error
        }
    }

    private static let sharedServer = Mutex<Task<SandboxServer, any Error>?>(nil)

    /// The one sandbox of this test process, started on first use and left
    /// running until the process ends.
    public static func shared() async throws -> SandboxServer {
        let task = sharedServer.withLock { task in
            if let task { return task }
            let started = Task { try await SandboxServer.start() }
            task = started
            return started
        }
        return try await task.value
    }

    /// SIGTERM, waits for the server and removes its directory; the exit status
    /// (0 is a graceful shutdown).
    @discardableResult
    public func stop() -> Int32? {
        let status = process.terminateNow()
        try? FileManager.default.removeItem(at: workDirectory)
        return status
    }
}
