import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the `tpc` executable, with standard output and standard error
/// captured into files (`<logs>/<name>.stdout`, `<logs>/<name>.stderr`) that a
/// test can read while it runs and scan for secrets afterwards.
///
/// A server never outlives the test process: a guard (a tiny shell reading a
/// pipe that only this process holds open) sends it SIGTERM as soon as the
/// pipe closes, which the kernel does when the test process dies however it
/// dies; servers still running at a normal exit also get SIGTERM.
///
/// ```swift
/// let server = try TPCProcess(["serve", "--sandbox", "--port", "0"], logs: logs, name: "serve")
/// let address = try await server.listening()
/// …
/// let status = try await server.terminate()   // 0: a graceful shutdown
/// ```
public final class TPCProcess: Sendable {
    /// The server's process id.
    public let pid: pid_t
    /// The file that receives the process's standard output.
    public let standardOutput: URL
    /// The file that receives the process's standard error.
    public let standardError: URL

    private struct State {
        var exit: ChildProcess.Exit?
        /// The write end of the guard's pipe, and the guard's pid.
        var guardian: (input: Int32, pid: pid_t)?
    }
    private let state: Mutex<State>

    /// Starts `tpc arguments…` in `workingDirectory` (the test process's when `nil`).
    ///
    /// - Throws: ``TestSupportError`` when the executable is missing or cannot start.
    public init(_ arguments: [String], logs: URL, name: String, workingDirectory: URL? = nil) throws {
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        standardOutput = logs.appendingPathComponent("\(name).stdout")
        standardError = logs.appendingPathComponent("\(name).stderr")
        var command = [try TPCBinary.locate().path] + arguments
        if let workingDirectory {
            // `exec` keeps the pid: the process this object signals is `tpc` itself.
            command = ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "tpc", workingDirectory.path] + command
        }
        pid = try ChildProcess.spawn(
            command, output: .file(standardOutput.path), error: .file(standardError.path))
        state = Mutex(State(exit: nil, guardian: try? Self.startGuard(for: pid)))
        Self.track(pid)
    }

    /// Starts `/bin/sh` reading a pipe until it closes, then sending SIGTERM to `pid`.
    private static func startGuard(for pid: pid_t) throws -> (input: Int32, pid: pid_t) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestSupportError(.system, "pipe() failed") }
        // Only this process may hold the write end, or the pipe would not close
        // when it dies.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[0]) }
        do {
            let guardPid = try ChildProcess.spawn(
                ["/bin/sh", "-c", "cat >/dev/null; kill -TERM \"$0\" 2>/dev/null", String(pid)],
                input: .descriptor(ends[0]))
            return (ends[1], guardPid)
        } catch {
            close(ends[1])
            throw error
        }
    }

    // MARK: Servers left at exit

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

    // MARK: Output

    /// Whether the process still runs.
    public var isRunning: Bool { poll() == nil }

    /// Everything written to standard output so far.
    public func output() -> String {
        (try? String(contentsOf: standardOutput, encoding: .utf8)) ?? ""
    }

    /// Everything written to standard error so far.
    public func errorOutput() -> String {
        (try? String(contentsOf: standardError, encoding: .utf8)) ?? ""
    }

    /// Waits (up to `timeout`) for a standard output line starting with `prefix`.
    ///
    /// - Throws: ``TestSupportError`` when the process ends first or the time runs out;
    ///   the message carries the process's standard error.
    public func waitForLine(prefix: String, timeout: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = output().split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) {
                return String(line)
            }
            if let exit = poll() {
                throw TestSupportError(
                    .launch, "tpc exited (\(exit.shellStatus)) before printing '\(prefix)': \(errorOutput())")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestSupportError(.launch, "tpc did not print '\(prefix)' in time: \(errorOutput())")
    }

    /// Waits for `tpc serve`'s listening line and parses it.
    public func listening(timeout: Duration = .seconds(30)) async throws -> ListeningAddress {
        let line = try await waitForLine(prefix: ListeningAddress.prefix, timeout: timeout)
        guard let address = ListeningAddress(line: line) else {
            throw TestSupportError(.launch, "unexpected listening line: \(line)")
        }
        return address
    }

    // MARK: Ending

    /// Waits (up to `timeout`) for the process to end; its exit status, or
    /// `nil` when a signal ended it or it still runs.
    public func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let exit = poll() { return exit.status }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// SIGTERM, then the exit status (0 is a graceful shutdown); SIGKILL when
    /// the process has not ended after `timeout`.
    public func terminate(timeout: Duration = .seconds(30)) async throws -> Int32? {
        if poll() == nil { kill(pid, SIGTERM) }
        let status = try await waitForExit(timeout: timeout)
        return status ?? killNow()?.status
    }

    /// ``terminate(timeout:)`` for callers that cannot wait asynchronously
    /// (a synchronous tear-down): blocks the calling thread.
    @discardableResult
    public func terminateNow(timeout: Duration = .seconds(30)) -> Int32? {
        if poll() == nil { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let exit = poll() { return exit.status }
            usleep(20_000)
        }
        return killNow()?.status
    }

    private func killNow() -> ChildProcess.Exit? {
        if let exit = poll() { return exit }
        kill(pid, SIGKILL)
        while true {
            if let exit = poll() { return exit }
            usleep(5_000)
        }
    }

    /// Reaps the process if it ended, under the lock so that two callers never
    /// both reap; the guard is released then too.
    private func poll() -> ChildProcess.Exit? {
        let (exit, guardian) = state.withLock { state -> (ChildProcess.Exit?, (input: Int32, pid: pid_t)?) in
            if let exit = state.exit { return (exit, nil) }
            guard let exit = ChildProcess.reap(pid, wait: false) else { return (nil, nil) }
            state.exit = exit
            _ = Self.running.withLock { $0.remove(pid) }
            defer { state.guardian = nil }
            return (exit, state.guardian)
        }
        if let guardian {
            close(guardian.input)
            _ = ChildProcess.reap(guardian.pid, wait: true)
        }
        return exit
    }

    deinit {
        if let guardian = state.withLock({ $0.guardian }) {
            close(guardian.input)
            _ = ChildProcess.reap(guardian.pid, wait: true)
        }
    }
}
