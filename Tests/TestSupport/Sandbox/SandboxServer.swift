import Foundation

/// A real `tpc serve --sandbox` on a free port (`--port 0`), in a temporary
/// directory, for end-to-end tests and benchmarks.
///
/// The directory holds `sandbox/` (`sandbox.json`, the sandbox issuer's keys,
/// the SQLite database) and `logs/` (the server's standard output and error).
///
/// The sandbox directory starts as a copy of ``SandboxTemplate``'s, made once
/// per test run by a real `tpc serve --sandbox`: every server of the run starts
/// on an existing directory, with its own database and its own files, instead of
/// generating an RSA key, a CA and card art each time (`fresh: true` starts
/// from an empty directory, for the tests of that first start itself).
///
/// ```swift
/// let sandbox = try await SandboxServer.start()
/// let backend = try IssuerBackend(sandbox: sandbox)
/// …
/// await sandbox.stop()
/// ```
package final class SandboxServer: Sendable {
    /// Former name of ``TestSupportError``, kept for helpers written against it.
    package typealias Failure = TestSupportError

    /// The service URL with its base path (`http://127.0.0.1:PORT/mg/tpc`).
    package let baseURL: URL
    /// The sandbox directory holding `sandbox.json` and the issuer's files.
    package let directory: URL
    /// The temporary directory around ``directory`` and the logs.
    package let workDirectory: URL
    /// The server process.
    package let process: TPCProcess

    private init(baseURL: URL, directory: URL, workDirectory: URL, process: TPCProcess) {
        self.baseURL = baseURL
        self.directory = directory
        self.workDirectory = workDirectory
        self.process = process
    }

    /// Starts a sandbox and waits for its listening line.
    ///
    /// - Parameters:
    ///   - arguments: more `tpc serve` arguments (`--database …`).
    ///   - environment: variables added to the server's environment
    ///     (for example `TPC_SANDBOX_ACTIVATION_SECONDS`).
    ///   - fresh: start from an empty sandbox directory instead of the run's template.
    /// - Throws: ``TestSupportError`` when `tpc` is not built or does not start
    ///   (with the tail of its log).
    package static func start(
        arguments: [String] = [], environment: [String: String] = [:], fresh: Bool = false
    ) async throws -> SandboxServer {
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("tpc-sandbox-\(UUID().uuidString)", isDirectory: true)
        let directory = work.appendingPathComponent("sandbox", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        if !fresh {
            try await SandboxTemplate.copy(to: directory)
        }
        let process = try TPCProcess(
            ["serve", "--sandbox", "--sandbox-dir", directory.path, "--port", "0"] + arguments,
            logs: work.appendingPathComponent("logs"), name: "serve", environment: environment)
        do {
            guard let url = try await process.listening().serviceURL else {
                throw TestSupportError(.launch, "the listening line names no usable URL")
            }
            return SandboxServer(baseURL: url, directory: directory, workDirectory: work, process: process)
        } catch {
            _ = try? await process.terminate(timeout: .seconds(10))
            try? FileManager.default.removeItem(at: work)
            throw error
        }
    }

    private static let sharedServer = SharedStart { try await SandboxServer.start() }

    /// The one sandbox of this test process, started on first use and left
    /// running until the process ends.
    package static func shared() async throws -> SandboxServer {
        try await sharedServer.value()
    }

    /// SIGTERM, waits (bounded) for the server and removes its directory; the
    /// exit status (0 is a graceful shutdown, `nil` when it had to be killed).
    @discardableResult
    package func stop() async -> Int32? {
        let status = try? await process.terminate()
        try? FileManager.default.removeItem(at: workDirectory)
        return status ?? nil
    }

    /// Runs `body` with a started sandbox and stops it afterwards, whether
    /// `body` returns or throws.
    package static func with<T>(
        arguments: [String] = [], environment: [String: String] = [:],
        isolation: isolated (any Actor)? = #isolation, _ body: (SandboxServer) async throws -> T
    ) async throws -> T {
        let server = try await start(arguments: arguments, environment: environment)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
