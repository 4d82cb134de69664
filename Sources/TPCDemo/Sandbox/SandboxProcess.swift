import Foundation
import Synchronization

/// A `tpc serve --sandbox` child process on a free port, with SQLite in a
/// directory of its own.
///
/// ```swift
/// let sandbox = try await SandboxProcess.start(executable: tpc, directory: temporary)
/// defer { sandbox.stop() }
/// ```
public final class SandboxProcess: Sendable {
    /// Where it listens and keeps its issuer files.
    public let endpoint: ServiceEndpoint
    /// The SQLite database URL it was started with.
    public let databaseURL: String
    /// The file collecting the child's standard error (its log).
    public let logFile: URL
    private let process: Mutex<Process?>

    private init(endpoint: ServiceEndpoint, databaseURL: String, logFile: URL, process: Process) {
        self.endpoint = endpoint
        self.databaseURL = databaseURL
        self.logFile = logFile
        self.process = Mutex(process)
    }

    /// Starts `executable serve --sandbox` in `directory/sandbox` and waits for
    /// its ready line (`tpc: listening on …`).
    ///
    /// - Parameters:
    ///   - onWait: called about every second while waiting, with the seconds waited.
    /// - Throws: ``DemoError`` `sandbox-unavailable` when the process cannot
    ///   start, exits, or prints no ready line within `timeout` seconds.
    public static func start(
        executable: URL, directory: URL, timeout: TimeInterval = 60,
        onWait: @Sendable (Int) async -> Void = { _ in }
    ) async throws -> SandboxProcess {
        let sandboxDirectory = directory.appendingPathComponent("sandbox", isDirectory: true)
        let databaseURL = "sqlite:" + sandboxDirectory.appendingPathComponent("tpc.sqlite").path
        let logFile = directory.appendingPathComponent("tpc-serve.log")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DemoError(.sandboxUnavailable, "cannot create \(directory.path)")
        }
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "serve", "--sandbox", "--sandbox-dir", sandboxDirectory.path, "--port", "0", "--database", databaseURL,
        ]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try? FileHandle(forWritingTo: logFile)
        process.standardInput = FileHandle.nullDevice
        let lines = LineCollector()
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
            } else {
                lines.append(data)
            }
        }
        do {
            try process.run()
        } catch {
            throw DemoError(.sandboxUnavailable, "cannot run \(executable.path)")
        }
        let started = ContinuousClock.now
        var announced = 0
        while ContinuousClock.now - started < .seconds(timeout) {
            if let url = lines.listeningURL() {
                return SandboxProcess(
                    endpoint: ServiceEndpoint(baseURL: url, sandboxDirectory: sandboxDirectory),
                    databaseURL: databaseURL, logFile: logFile, process: process)
            }
            if !process.isRunning {
                throw DemoError(
                    .sandboxUnavailable,
                    "tpc serve --sandbox exited with status \(process.terminationStatus); see \(logFile.path)")
            }
            let waited = Int((ContinuousClock.now - started) / .seconds(1))
            if waited > announced {
                announced = waited
                await onWait(waited)
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        process.terminate()
        throw DemoError(.sandboxUnavailable, "tpc serve --sandbox printed no ready line; see \(logFile.path)")
    }

    /// Stops the process (SIGTERM) and waits for it to exit.
    public func stop() {
        let running = process.withLock { process -> Process? in
            defer { process = nil }
            return process
        }
        guard let running, running.isRunning else { return }
        running.terminate()
        running.waitUntilExit()
    }

    deinit { stop() }
}

/// The child's standard output, as it arrives.
private final class LineCollector: Sendable {
    private let buffer = Mutex("")

    func append(_ data: Data) {
        buffer.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }

    /// `http://HOST:PORT/BASE` from `tpc: listening on http://HOST:PORT (base path /BASE)`.
    func listeningURL() -> URL? {
        let text = buffer.withLock { $0 }
        for line in text.split(separator: "\n") where line.hasPrefix("tpc: listening on ") {
            let rest = line.dropFirst("tpc: listening on ".count)
            let parts = rest.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let open = parts[1].range(of: "(base path "),
                let close = parts[1].range(of: ")", range: open.upperBound..<parts[1].endIndex)
            else { continue }
            let base = String(parts[1][open.upperBound..<close.lowerBound])
            return URL(string: String(parts[0]) + (base == "/" ? "" : base))
        }
        return nil
    }
}
