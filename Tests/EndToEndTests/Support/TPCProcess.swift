import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the `tpc` executable with stdout and stderr captured into files
/// of the deployment's log directory (scanned for secrets at the end).
final class TPCProcess: @unchecked Sendable {
    // @unchecked: `process` is only touched through Foundation's thread-safe
    // Process API after `run()`.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process: Process
    let standardOutput: URL
    let standardError: URL

    /// Starts `tpc arguments…`.
    init(_ arguments: [String], logs: URL, name: String, workingDirectory: URL) throws {
        standardOutput = logs.appendingPathComponent("\(name).stdout")
        standardError = logs.appendingPathComponent("\(name).stderr")
        for url in [standardOutput, standardError] {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        process = Process()
        process.executableURL = try TPCBinary.locate()
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: standardOutput)
        process.standardError = try FileHandle(forWritingTo: standardError)
        try process.run()
        Self.track(process.processIdentifier)
    }

    /// Servers still running when the test process exits (a filtered run
    /// that skipped the final scan, a failure) get SIGTERM then.
    private static let running = Mutex<Set<pid_t>>([])

    private static func track(_ pid: pid_t) {
        let isFirst = running.withLock { pids in
            defer { pids.insert(pid) }
            return pids.isEmpty
        }
        if isFirst {
            atexit {
                for pid in TPCProcess.running.withLock({ $0 }) { kill(pid, SIGTERM) }
            }
        }
    }

    var isRunning: Bool { process.isRunning }

    func output() -> String {
        (try? String(contentsOf: standardOutput, encoding: .utf8)) ?? ""
    }

    func errorOutput() -> String {
        (try? String(contentsOf: standardError, encoding: .utf8)) ?? ""
    }

    /// Waits (up to `timeout`) for a stdout line starting with `prefix`.
    func waitForLine(prefix: String, timeout: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = output().split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) {
                return String(line)
            }
            guard process.isRunning else {
                throw Failure(
                    description:
                        "tpc exited (\(process.terminationStatus)) before printing '\(prefix)': \(errorOutput())")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "tpc did not print '\(prefix)' in time: \(errorOutput())")
    }

    /// Waits (up to `timeout`) for the process to end; its exit status, or
    /// `nil` when it was killed by a signal or is still running.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
        _ = Self.running.withLock { $0.remove(process.processIdentifier) }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// SIGTERM, then the exit status (0 is a graceful shutdown).
    func terminate() async throws -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let status = try await waitForExit()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        return status
    }
}
