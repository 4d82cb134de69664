import Foundation
import TPCDemo
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one launcher of the demo, the bench and the tests. Each test makes
/// deterministic an interleaving that hung `make test` on a busy machine
/// (see the CHANGELOG, "Reliability"): a long-lived process holding a
/// descriptor that another wait depended on.
@Suite("Child processes", .timeLimit(.minutes(3)))
struct ChildProcessTests {
    /// What each descriptor a running process has open refers to (for a pipe
    /// or a socket, `pipe:[inode]` or `socket:[inode]`), from /proc.
    private static func openFiles(of pid: String) throws -> [String: String] {
        let directory = "/proc/\(pid)/fd"
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)") {
                files[name] = target
            }
        }
        return files
    }

    @Test("a child keeps only its standard streams, even of descriptors opened without close-on-exec")
    func childInheritsNoDescriptor() async throws {
        // What Foundation's Pipe and Process's exit socket are: no close-on-exec.
        var plain: [Int32] = [0, 0]
        #expect(pipe(&plain) == 0)
        var sockets: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        let ours = try ChildProcess.makePipe()
        defer { for descriptor in plain + sockets + [ours.read, ours.write] { close(descriptor) } }

        let mine = try Self.openFiles(of: "self")
        let made = Set((plain + sockets + [ours.read, ours.write]).compactMap { mine[String($0)] })
        #expect(made.count == 4)  // a pipe's two ends are one inode
        let child = try ChildProcess(["/bin/sleep", "30"])
        let files = try Self.openFiles(of: String(child.pid))
        try await child.stop(grace: .seconds(10))
        // Compared by what they refer to, not by number: the program may have a
        // file of its own open for a moment (sleep reading its locale).
        let inherited = made.intersection(files.values)
        #expect(inherited.isEmpty, "the child held \(inherited.sorted())")
        #expect(Set(["0", "1", "2"]).isSubset(of: files.keys), "the child's standard streams: \(files.keys.sorted())")
    }

    @Test("a program that leaves a process holding its output and error ends when it exits")
    func runEndsWithTheProgramNotWithWhatItLeftBehind() async throws {
        // The interleaving of the hung `tpc tokens list`: its output pipe and
        // Foundation's exit socket were held by a server spawned meanwhile, so
        // the read to end-of-file and `waitUntilExit` lasted as long as that
        // server. Here the program hands both to a process it leaves running.
        let result = try await ChildProcess.run(
            ["/bin/sh", "-c", "sleep 600 & echo $!; echo left >&2; exit 3"], timeout: .seconds(120))
        let leftBehind = try #require(pid_t(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(leftBehind, SIGKILL) }
        #expect(result.exit == .exited(3))
        #expect(result.errorText == "left\n")
        #expect(kill(leftBehind, 0) == 0, "run waited for the process left behind")
    }

    @Test("a wait gives up at its limit, names the program, and the child is stopped by stop()")
    func boundedWaitNamesWhatItWaitedFor() async throws {
        let child = try ChildProcess(["/bin/sleep", "30"])
        let error = await #expect(throws: DemoError.self) { try await child.wait(timeout: .zero) }
        #expect(error?.code == .processFailed)
        #expect(error?.message.contains("sleep (pid \(child.pid)) did not end") == true)
        #expect(try await child.stop(grace: .seconds(10)) == .signaled(SIGTERM))
        // Reaped: signalling it again is a no-op, not a signal to a reused pid.
        child.signal(SIGKILL)
        #expect(child.exit == .signaled(SIGTERM))
    }

    @Test("a line printed while the waiting task slept past its deadline is still found")
    func lineFoundAfterTheDeadline() async throws {
        // The 15 "did not print 'tpc: listening on' in time" failures (tpc serve now writes a ready file): on a
        // starved pool the polling task woke after its deadline and gave up
        // without looking at the output the server had long written.
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("tpc-line-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let help = try TPCProcess(["--help"], logs: logs, name: "help")
        #expect(try await help.waitForExit() == 0)
        let line = try await help.waitForLine(prefix: "USAGE", timeout: .zero)
        #expect(line.hasPrefix("USAGE: tpc"))
    }

    @Test("a server abandoned by its test is stopped, and a stopped one is never signalled again")
    func abandonedServerIsStopped() async throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("tpc-abandon-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let sandbox = logs.appendingPathComponent("sandbox")
        var server: TPCProcess? = try TPCProcess(
            ["serve", "--sandbox", "--sandbox-dir", sandbox.path, "--port", "0"], logs: logs, name: "serve")
        let pid = try #require(server?.pid)
        _ = try await server?.listening()
        server = nil  // deinit: SIGTERM, the guard released
        // Not reaped here (the launcher owns that): ended means a zombie or gone.
        func hasEnded() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        var ended = hasEnded()
        for _ in 0..<3000 where !ended {
            try await Task.sleep(for: .milliseconds(10))
            ended = hasEnded()
        }
        #expect(ended, "the abandoned server was still running after 30 s")
    }
}
