import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts and reaps child processes with `posix_spawn`, for the launchers of
/// `tpc` and of PostgreSQL's tools.
///
/// Not Foundation's `Process`: on Linux it notices a child's exit through a
/// descriptor the child inherits, so a server that a tool leaves running (as
/// `pg_ctl start` does) would keep that wait from ever ending. Here the child
/// inherits nothing but its three standard descriptors.
enum ChildProcess {
    /// Where one of a child's standard descriptors goes.
    enum Stream {
        /// `/dev/null`.
        case null
        /// A file, created when missing and truncated.
        case file(String)
        /// A descriptor of this process (the end of a pipe).
        case descriptor(Int32)
        /// The same as the child's standard output (only for its standard error).
        case output
    }

    /// How a child ended.
    enum Exit: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or `nil` when a signal ended the child.
        var status: Int32? {
            if case .exited(let status) = self { return status }
            return nil
        }

        /// A shell's way of putting it: the status, or 128 + the signal.
        var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Starts `command` (an absolute executable path, then its arguments).
    static func spawn(
        _ command: [String], input: Stream = .null, output: Stream = .null, error: Stream = .output
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .output:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
            }
        }
        // The child would otherwise inherit whatever this process has open
        // (the pipes of `swift test`, other servers' guards) for its whole life.
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw TestSupportError(.launch, "cannot run \(command[0]): error \(spawned)")
        }
        return pid
    }

    /// How `pid` ended, or `nil` while it runs (`wait: false`).
    static func reap(_ pid: pid_t, wait: Bool) -> Exit? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
            if result == pid { break }
            if result == 0 { return nil }
            // Reaped by someone else: nothing more can be known.
            if errno != EINTR { return .signaled(0) }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    }

    /// Runs `command` to its end.
    static func run(_ command: [String], output: Stream) throws -> Exit {
        let pid = try spawn(command, output: output)
        return reap(pid, wait: true) ?? .signaled(0)
    }

    private static func openDescriptors() -> [Int32] {
        for listing in ["/proc/self/fd", "/dev/fd"] {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: listing) {
                return entries.compactMap { Int32($0) }
            }
        }
        return Array(3..<256)
    }
}
