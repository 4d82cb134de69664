import Foundation
import Synchronization
import TPCDemo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the `tpc` executable, with standard output and standard error
/// captured into files (`<logs>/<name>.stdout`, `<logs>/<name>.stderr`) that a
/// test can read while it runs and scan for secrets afterwards.
///
/// Started through TPCDemo's `ChildProcess`, so it inherits no descriptor of
/// the test process, and every wait on it is bounded and holds no thread.
///
/// A server never outlives the test process: a guard (a tiny shell reading a
/// pipe that only this process holds open) sends it SIGTERM when the pipe
/// closes without a word, which the kernel does when the test process dies
/// however it dies. A normal end tells the guard first, so it never signals a
/// process id the kernel may have handed to someone else. Servers still running
/// at a normal exit get SIGTERM.
///
/// ```swift
/// let server = try TPCProcess(["serve", "--sandbox", "--port", "0"], logs: logs, name: "serve")
/// let address = try await server.listening()
/// …
/// let status = try await server.terminate()   // 0: a graceful shutdown
/// ```
package final class TPCProcess: Sendable {
    /// The server's process id.
    package var pid: pid_t { child.pid }
    /// The file that receives the process's standard output.
    package let standardOutput: URL
    /// The file that receives the process's standard error.
    package let standardError: URL
    /// The name given at start, for messages.
    package let name: String
    /// Where `tpc serve` says it is ready (`--ready-file`): the one given, or
    /// `<logs>/<name>.ready`, which is added to every `serve` run without one.
    package let readyFile: URL?

    private let child: ChildProcess
    private let guardian: Mutex<Guardian?>

    /// Starts `tpc arguments…` in `workingDirectory` (the test process's when `nil`),
    /// with `environment` added to the inherited variables.
    ///
    /// - Parameters:
    ///   - executable: the `tpc` to run; the built one (``TPCBinary``) when `nil`.
    ///   - inheritsEnvironment: `false` runs it with `environment` alone (through
    ///     `env -i`, which execs it in the same process), as a copied binary
    ///     runs on a machine that never built it.
    /// - Throws: ``TestSupportError`` when the executable is missing or cannot start.
    package init(
        _ arguments: [String], logs: URL, name: String, workingDirectory: URL? = nil,
        environment: [String: String] = [:], executable: URL? = nil, inheritsEnvironment: Bool = true
    ) throws {
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        self.name = name
        standardOutput = logs.appendingPathComponent("\(name).stdout")
        standardError = logs.appendingPathComponent("\(name).stderr")
        var arguments = arguments
        if let given = arguments.firstIndex(of: "--ready-file"), given + 1 < arguments.count {
            readyFile = URL(fileURLWithPath: arguments[given + 1])
        } else if arguments.first == "serve" {
            let file = logs.appendingPathComponent("\(name).ready")
            // Logs reused across runs may hold the file of one that was killed.
            _ = unlink(file.path)
            arguments += ["--ready-file", file.path]
            readyFile = file
        } else {
            readyFile = nil
        }
        let command = [try (executable ?? TPCBinary.locate()).path] + arguments
        do {
            child = try ChildProcess(
                inheritsEnvironment ? command : Self.withOnly(environment, command),
                environment: inheritsEnvironment ? environment : [:], directory: workingDirectory?.path,
                output: .file(standardOutput.path), error: .file(standardError.path))
        } catch {
            throw TestSupportError(.launch, error.message)
        }
        guardian = Mutex(try? Guardian(watching: child.pid))
        Self.track(child)
        Guardian.sweep()
    }

    /// `command` run by `env -i` with `environment` alone.
    package static func withOnly(_ environment: [String: String], _ command: [String]) -> [String] {
        ["/usr/bin/env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command
    }

    // MARK: The guard

    /// `/bin/sh` reading a pipe: a line means "all is well, exit"; end-of-file
    /// without one (this process died) means SIGTERM to the server.
    private struct Guardian: ~Copyable {
        let input: Int32
        let shell: ChildProcess

        init(watching pid: pid_t) throws {
            // Close-on-exec from the start: no other child may hold the write
            // end, or the pipe would not close when this process dies.
            let ends = try ChildProcess.makePipe()
            defer { close(ends.read) }
            do {
                shell = try ChildProcess(
                    ["/bin/sh", "-c", "read -r line || kill -TERM \"$0\" 2>/dev/null", String(pid)],
                    input: .descriptor(ends.read))
            } catch {
                close(ends.write)
                throw TestSupportError(.launch, error.message)
            }
            input = ends.write
        }

        /// Tells the guard to exit without a signal; it is reaped by a later sweep.
        consuming func release() {
            var newline: UInt8 = 0x0A
            _ = write(input, &newline, 1)
            close(input)
            Guardian.sweep(adding: shell)
        }

        /// Released guards not yet reaped: each sweep reaps the ones that ended.
        private static let released = Mutex<[ChildProcess]>([])

        static func sweep(adding shell: ChildProcess? = nil) {
            released.withLock { shells in
                if let shell { shells.append(shell) }
                shells.removeAll { $0.exit != nil }
            }
        }
    }

    /// Releases the guard once the server ended (or is being abandoned).
    private func releaseGuard() {
        guardian.withLock { guardian in
            guardian.take()?.release()
        }
    }

    // MARK: Servers left at exit

    private static let running = Mutex<[pid_t: ChildProcess]>([:])

    private static func track(_ child: ChildProcess) {
        let isFirst = running.withLock { children in
            defer { children[child.pid] = child }
            return children.isEmpty
        }
        if isFirst {
            atexit {
                for child in TPCProcess.running.withLock({ Array($0.values) }) { child.signal(SIGTERM) }
            }
        }
    }

    /// The exit, once the child ended; releases the guard then.
    private func ended() -> ChildProcess.Exit? {
        guard let exit = child.exit else { return nil }
        _ = Self.running.withLock { $0.removeValue(forKey: child.pid) }
        releaseGuard()
        return exit
    }

    // MARK: Output

    /// Whether the process still runs.
    package var isRunning: Bool { ended() == nil }

    /// Everything written to standard output so far.
    package func output() -> String {
        (try? String(contentsOf: standardOutput, encoding: .utf8)) ?? ""
    }

    /// Everything written to standard error so far.
    package func errorOutput() -> String {
        (try? String(contentsOf: standardError, encoding: .utf8)) ?? ""
    }

    /// The last lines of standard error, for a failure message.
    package func errorTail(lines: Int = 25) -> String {
        let tail = errorOutput().split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
        return tail.isEmpty || tail.allSatisfy(\.isEmpty) ? "(nothing on standard error)" : tail.joined(separator: "\n")
    }

    /// Waits (up to `timeout`) for a standard output line starting with `prefix`.
    ///
    /// The timeout is generous on purpose: how fast `tpc` starts is measured
    /// by `make bench`, not here, and a loaded machine may be slow.
    ///
    /// - Throws: ``TestSupportError`` when the process ends first or the time runs out;
    ///   the message names what was awaited and carries the tail of standard error.
    package func waitForLine(prefix: String, timeout: Duration = .seconds(180)) async throws -> String {
        try await poll(for: "print '\(prefix)'", timeout: timeout) {
            output().split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
        }
    }

    /// Waits (up to `timeout`) for `tpc serve`'s ready file and reads it.
    ///
    /// - Throws: ``TestSupportError`` when the process was not started with a
    ///   ready file, ends first or the time runs out; the message carries the
    ///   tail of standard error.
    package func listening(timeout: Duration = .seconds(180)) async throws -> ListeningAddress {
        guard let readyFile else { throw TestSupportError(.launch, "\(name): not a tpc serve run (no ready file)") }
        return try await poll(for: "write its ready file \(readyFile.lastPathComponent)", timeout: timeout) {
            ListeningAddress.read(readyFile: readyFile)
        }
    }

    /// Looks every 10 ms until `probe` finds something, the process ends or
    /// `timeout` passes; `what` names what was awaited in the failure.
    private func poll<Found>(
        for what: String, timeout: Duration, _ probe: () -> Found?
    ) async throws -> Found {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            // The probe first, then the clock: a task that slept past the
            // deadline on a busy machine still sees what appeared meanwhile.
            if let found = probe() { return found }
            if let exit = ended() {
                throw TestSupportError(
                    .launch, "\(name): tpc ended (\(exit)) before it could \(what); standard error:\n\(errorTail())")
            }
            guard clock.now < deadline else {
                throw TestSupportError(
                    .launch,
                    "\(name): tpc (pid \(pid), still running) did not \(what) within \(timeout); "
                        + "standard error:\n\(errorTail())")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    // MARK: Ending

    /// Sends `signal` to the process while it has not been reaped.
    package func signal(_ signal: Int32) {
        child.signal(signal)
    }

    /// Waits (up to `timeout`) for the process to end; its exit status, or
    /// `nil` when a signal ended it or it still runs.
    package func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int32? {
        do {
            _ = try await child.wait(timeout: timeout)
        } catch is DemoError {
            return nil
        }
        return ended()?.status
    }

    /// SIGTERM, then the exit status (0 is a graceful shutdown); SIGKILL when
    /// the process has not ended after `timeout`.
    ///
    /// - Throws: ``TestSupportError`` when even SIGKILL did not end it;
    ///   `CancellationError` when the test is cancelled (the process is killed).
    @discardableResult
    package func terminate(timeout: Duration = .seconds(60)) async throws -> Int32? {
        do {
            let exit = try await child.stop(grace: timeout)
            _ = ended()
            return exit.status
        } catch let error as DemoError {
            throw TestSupportError(.launch, "\(name): \(error.message); standard error:\n\(errorTail())")
        }
    }

    deinit {
        // Abandoned while running (a test that threw before stopping it): the
        // server gets SIGTERM now rather than at the end of the test process.
        if child.exit == nil { child.signal(SIGTERM) }
        releaseGuard()
    }
}
