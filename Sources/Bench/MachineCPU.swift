import Foundation

/// The machine's aggregate CPU counters (the `cpu` line of `/proc/stat`), to
/// tell how busy all cores were during a run — the server, the client, a
/// database server and anything else sharing the machine.
struct MachineCPU: Sendable {
    var busy: Double
    var total: Double

    static func read() throws -> MachineCPU {
        let stat = try String(contentsOfFile: "/proc/stat", encoding: .utf8)
        guard let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else {
            throw BenchError(.system, "no cpu line in /proc/stat")
        }
        let values = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard values.count >= 5 else { throw BenchError(.system, "short cpu line in /proc/stat") }
        // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
        let total = values.prefix(8).reduce(0, +)
        return MachineCPU(busy: total - values[3] - values[4], total: total)
    }

    /// The busy share of all cores between `earlier` and this reading, 0...1.
    func busyFraction(since earlier: MachineCPU) -> Double {
        let total = self.total - earlier.total
        return total > 0 ? (busy - earlier.busy) / total : 0
    }
}
