import Foundation

/// Resident memory and CPU time of another process, from Linux's `/proc`.
struct ProcessStatistics: Sendable {
    let pid: Int32

    /// `VmRSS` of `/proc/PID/status`, in MiB.
    func residentMegabytes() throws -> Double {
        try value("VmRSS", in: "/proc/\(pid)/status")
    }

    /// `RssAnon` of `/proc/PID/status` (heap, stacks: what the process itself
    /// allocated, as opposed to mapped library pages), in MiB.
    func anonymousResidentMegabytes() throws -> Double {
        try value("RssAnon", in: "/proc/\(pid)/status")
    }

    /// `Pss` of `/proc/PID/smaps_rollup`: resident pages with those shared
    /// with other processes (the Swift runtime and Foundation libraries)
    /// divided among them, in MiB.
    func proportionalMegabytes() throws -> Double {
        try value("Pss", in: "/proc/\(pid)/smaps_rollup")
    }

    private func value(_ key: String, in path: String) throws -> Double {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { throw BenchError(.system, "no \(key) in \(path)") }
        return kilobytes / 1024
    }

    /// User + system CPU seconds the process has used (all threads).
    func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name may hold spaces: fields are counted after its closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { throw BenchError(.system, "unreadable /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields 14 (utime) and 15 (stime) of proc(5); fields[0] is field 3.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchError(.system, "unreadable /proc/\(pid)/stat")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
