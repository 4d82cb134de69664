import CProcessSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`: the one launcher of the demo
/// (its `tpc serve --sandbox`), the bench and the tests.
///
/// Not Foundation's `Process`. On Linux it learns that a child ended when a
/// socket the child inherits reaches end-of-file, and it closes this process's
/// other descriptors in the child from a list made before the spawn. A server
/// that another thread spawns meanwhile inherits that socket (or the pipe being
/// read to its end), and the wait for the short-lived child then lasts as long
/// as the server. Here:
///
/// - the child keeps only its three standard descriptors: every other one is
///   closed in the child itself, after the spawn, whatever other threads open
///   meanwhile;
/// - the standard streams go to files or `/dev/null`, never to a pipe that
///   someone must read to its end;
/// - an exit is learnt with `waitpid(pid, WNOHANG)` from a task that sleeps
///   between looks, so a wait holds no thread and always has a limit.
///
/// ```swift
/// let server = try ChildProcess(["/usr/bin/tpc", "serve", "--sandbox"], output: .file(outPath))
/// …
/// let exit = try await server.stop(grace: .seconds(30))
/// ```
package final class ChildProcess: Sendable {
    /// Where one of a child's standard streams goes.
    package enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created when missing and truncated.
        case file(String)
        /// A file, created when missing, written at its end.
        case appending(String)
        /// A descriptor of this process (the read end of a pipe), duplicated
        /// into the child; the child keeps no other copy of it.
        case descriptor(Int32)
        /// The same as the child's standard output (for its standard error).
        case output
    }

    /// How a child ended.
    package enum Exit: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or `nil` when a signal ended the child.
        package var status: Int32? {
            if case .exited(let status) = self { return status }
            return nil
        }

        /// A shell's way of putting it: the status, or 128 + the signal.
        package var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }

        package var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process id; signalled only while the child is not reaped,
    /// so never a reused id.
    package let pid: pid_t
    /// The program's file name, for messages (never the arguments: they may
    /// name key files or carry a code).
    package let name: String
    /// The exit, once reaped. Reaping and signalling happen under this lock.
    private let reaped = Mutex<Exit?>(nil)

    /// Starts `command` (a path, or a name looked up in `PATH`, then its arguments).
    ///
    /// - Parameters:
    ///   - environment: variables set for the child on top of this process's.
    ///   - directory: the child's working directory (this process's when `nil`).
    /// - Throws: ``DemoError`` `process-failed` when the program cannot be started.
    package init(
        _ command: [String], environment: [String: String] = [:], directory: String? = nil,
        input: Stream = .null, output: Stream = .null, error: Stream = .output
    ) throws(DemoError) {
        guard let program = command.first else { throw DemoError(.processFailed, "no program to run") }
        name = (program as NSString).lastPathComponent
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var status: Int32 = 0
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] where status == 0 {
            switch stream {
            case .null:
                status = posix_spawn_file_actions_addopen(
                    &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                status = posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .appending(let path):
                status = posix_spawn_file_actions_addopen(
                    &actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case .descriptor(let descriptor):
                status = posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .output:
                status = posix_spawn_file_actions_adddup2(&actions, 1, target)
            }
        }
        if status == 0 { status = pp_spawn_close_inherited(&actions, &attributes, 3) }
        if status == 0, let directory { status = pp_spawn_change_directory(&actions, directory) }
        if status == 0 { status = Self.resetSignals(&attributes) }
        guard status == 0 else {
            throw DemoError(.processFailed, "cannot prepare \(name): \(String(cString: strerror(status)))")
        }

        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let argv = command.map { strdup($0) } + [nil]
        let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned =
            program.contains("/")
            ? posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw DemoError(.processFailed, "cannot run \(program): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    /// An empty signal mask and the default action for the signals a program
    /// expects to find at their default (this process may block or ignore them).
    private static func resetSignals(_ attributes: inout posix_spawnattr_t) -> Int32 {
        var mask = sigset_t()
        sigemptyset(&mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        var status = posix_spawnattr_setsigmask(&attributes, &mask)
        if status == 0 { status = posix_spawnattr_setsigdefault(&attributes, &defaults) }
        if status == 0 {
            status = posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }
        return status
    }

    /// A pipe whose ends are close-on-exec from the start, so no child spawned
    /// meanwhile by another thread can hold one open; pass an end to a child
    /// as a ``Stream/descriptor(_:)``.
    package static func makePipe() throws(DemoError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pp_pipe_cloexec(&ends) == 0 else {
            throw DemoError(.processFailed, "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        return (ends[0], ends[1])
    }

    // MARK: State

    /// How the child ended, or `nil` while it runs; reaps it once it ended.
    package var exit: Exit? {
        reaped.withLock { exit in
            if let exit { return exit }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, WNOHANG) } while result == -1 && errno == EINTR
            if result == 0 { return nil }
            // -1 (ECHILD): reaped by someone else, which nothing here does.
            // WIFEXITED / WEXITSTATUS are macros Swift does not import.
            let ended: Exit =
                result == pid
                ? ((status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)) : .signaled(0)
            exit = ended
            return ended
        }
    }

    /// Whether the child still runs.
    package var isRunning: Bool { exit == nil }

    /// Sends `signal` to the child unless it has been reaped (its id may then
    /// belong to another process).
    package func signal(_ signal: Int32) {
        reaped.withLock { exit in
            if exit == nil { _ = kill(pid, signal) }
        }
    }

    // MARK: Waiting

    /// Waits up to `timeout` for the child to end.
    ///
    /// - Throws: ``DemoError`` `process-failed` naming the program and the time
    ///   waited when it still runs then; `CancellationError` when the task is cancelled.
    package func wait(timeout: Duration) async throws -> Exit {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var pause = Duration.milliseconds(1)
        while true {
            if let exit { return exit }
            let now = clock.now
            guard now < deadline else {
                throw DemoError(.processFailed, "\(name) (pid \(pid)) did not end within \(Self.seconds(timeout)) s")
            }
            try await Task.sleep(for: min(pause, deadline - now))
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// SIGTERM, then up to `grace` for the child to end; SIGKILL after that.
    ///
    /// - Returns: how the child ended (`.signaled(SIGKILL)` when it had to be killed).
    /// - Throws: ``DemoError`` when even SIGKILL did not end it within 30 s;
    ///   `CancellationError` when the task is cancelled (the child is killed first).
    @discardableResult
    package func stop(grace: Duration = .seconds(30)) async throws -> Exit {
        signal(SIGTERM)
        do {
            return try await wait(timeout: grace)
        } catch is DemoError {
            signal(SIGKILL)
            return try await wait(timeout: .seconds(30))
        } catch {
            signal(SIGKILL)
            throw error
        }
    }

    /// SIGKILL now, for callers that cannot wait (a `deinit`); the child is
    /// reaped by a later ``exit`` or, after this process ends, by init.
    package func killNow() {
        signal(SIGKILL)
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds)" : "\(seconds).\(tenths)"
    }
}

/// What a program run to its end by ``ChildProcess/run(_:input:environment:directory:timeout:)`` wrote.
package struct ChildProcessOutput: Sendable {
    /// Its process id.
    package var pid: pid_t
    /// How it ended.
    package var exit: ChildProcess.Exit
    /// Its standard output.
    package var output: [UInt8]
    /// Its standard error.
    package var error: [UInt8]

    /// The standard output as UTF-8 text.
    package var outputText: String { String(decoding: output, as: UTF8.self) }
    /// The standard error as UTF-8 text.
    package var errorText: String { String(decoding: error, as: UTF8.self) }
}

extension ChildProcess {
    /// Runs `command` to its end with `input` on its standard input, and
    /// returns what it wrote; output goes through files, so neither side waits
    /// on a full pipe.
    ///
    /// - Throws: ``DemoError`` `process-failed` when it cannot start or is still
    ///   running after `timeout` (it is killed then); `CancellationError`.
    package static func run(
        _ command: [String], input: [UInt8] = [], environment: [String: String] = [:], directory: String? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> ChildProcessOutput {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let inputPath = scratch.path + "/input"
        let outputPath = scratch.path + "/output"
        let errorPath = scratch.path + "/error"
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(input)) else {
            throw DemoError(.processFailed, "cannot write the input of \(command.first ?? "a program")")
        }
        let child = try ChildProcess(
            command, environment: environment, directory: directory, input: .file(inputPath),
            output: .file(outputPath), error: .file(errorPath))
        let exit: Exit
        do {
            exit = try await child.wait(timeout: timeout)
        } catch {
            child.killNow()
            _ = try? await child.wait(timeout: .seconds(10))
            let tail = String(
                decoding: (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data(), as: UTF8.self
            )
            .suffix(2000)
            if error is DemoError {
                throw DemoError(.processFailed, "\(error); its standard error ends with: \(tail)")
            }
            throw error
        }
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data()
        let errors = (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data()
        return ChildProcessOutput(pid: child.pid, exit: exit, output: Array(output), error: Array(errors))
    }
}

/// A private temporary directory, removed by its owner.
private struct ScratchDirectory {
    let path: String

    init() throws(DemoError) {
        var template = Array((NSTemporaryDirectory() + "/pp-child-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(cString: result)
        }
        guard let made else {
            throw DemoError(.processFailed, "cannot create a temporary directory")
        }
        path = made
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
