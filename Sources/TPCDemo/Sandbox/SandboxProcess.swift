import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `tpc serve --sandbox` child process on a free port, with SQLite in a
/// directory of its own.
///
/// ```swift
/// let sandbox = try await SandboxProcess.start(executable: tpc, directory: temporary)
/// …
/// await sandbox.stop()
/// ```
package final class SandboxProcess: Sendable {
    /// Where it listens and keeps its issuer files.
    package let endpoint: ServiceEndpoint
    /// The SQLite database URL it was started with.
    package let databaseURL: String
    /// The file collecting the child's standard error (its log).
    package let logFile: URL
    private let process: ChildProcess

    private init(endpoint: ServiceEndpoint, databaseURL: String, logFile: URL, process: ChildProcess) {
        self.endpoint = endpoint
        self.databaseURL = databaseURL
        self.logFile = logFile
        self.process = process
    }

    /// Starts `executable serve --sandbox` in `directory/sandbox` and waits for
    /// its ready file (`--ready-file directory/tpc-serve.ready`).
    ///
    /// - Parameters:
    ///   - onWait: called about every second while waiting, with the seconds waited.
    /// - Throws: ``DemoError`` `sandbox-unavailable` when the process cannot
    ///   start, exits, or is not ready within `timeout` seconds (the
    ///   message ends with the tail of its log).
    package static func start(
        executable: URL, directory: URL, timeout: TimeInterval = 120,
        onWait: @Sendable (Int) async -> Void = { _ in }
    ) async throws -> SandboxProcess {
        let sandboxDirectory = directory.appendingPathComponent("sandbox", isDirectory: true)
        let databaseURL = "sqlite:" + sandboxDirectory.appendingPathComponent("tpc.sqlite").path
        let logFile = directory.appendingPathComponent("tpc-serve.log")
        let outputFile = directory.appendingPathComponent("tpc-serve.out")
        let readyFile = directory.appendingPathComponent("tpc-serve.ready")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DemoError(.sandboxUnavailable, "cannot create \(directory.path)")
        }
        // A reused work directory may hold the file of a run that was killed.
        _ = unlink(readyFile.path)
        let process: ChildProcess
        do {
            process = try ChildProcess(
                [
                    executable.path, "serve", "--sandbox", "--sandbox-dir", sandboxDirectory.path, "--port", "0",
                    "--database", databaseURL, "--ready-file", readyFile.path,
                ], output: .file(outputFile.path), error: .file(logFile.path))
        } catch {
            throw DemoError(.sandboxUnavailable, "cannot run \(executable.path): \(error.message)")
        }
        let clock = ContinuousClock()
        let started = clock.now
        var announced = 0
        while true {
            if let address = ListeningAddress.read(readyFile: readyFile), let url = address.serviceURL {
                return SandboxProcess(
                    endpoint: ServiceEndpoint(baseURL: url, sandboxDirectory: sandboxDirectory),
                    databaseURL: databaseURL, logFile: logFile, process: process)
            }
            if let exit = process.exit {
                throw DemoError(
                    .sandboxUnavailable,
                    "tpc serve --sandbox ended (\(exit)) before it was ready; its log ends with: "
                        + Self.tail(of: logFile))
            }
            let waited = clock.now - started
            guard waited < .seconds(timeout) else {
                _ = try? await process.stop(grace: .seconds(5))
                throw DemoError(
                    .sandboxUnavailable,
                    "tpc serve --sandbox was not ready within \(Int(timeout)) s; its log ends with: "
                        + Self.tail(of: logFile))
            }
            let seconds = Int(waited / .seconds(1))
            if seconds > announced {
                announced = seconds
                await onWait(seconds)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Stops the process (SIGTERM; SIGKILL after 30 s) and waits for it to end.
    package func stop() async {
        _ = try? await process.stop(grace: .seconds(30))
    }

    /// The last lines of a log, for a message.
    private static func tail(of file: URL) -> String {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20)
        return lines.isEmpty ? "(empty)" : lines.joined(separator: "\n")
    }

    deinit {
        // A run that ended without stop() (a failed step) leaves no server behind.
        process.killNow()
    }
}
