import Foundation

/// One measured figure, printed as a `BENCH {json}` line for scripts/bench.sh.
///
/// `baseline` is measured in the same run (for example by `openssl speed`),
/// either here or by the script, which then fills it in by `baselineKey`.
struct BenchFigure: Encodable {
    var name: String
    var value: Double
    var unit: String
    var baselineKey: String? = nil
    var target: String? = nil

    func emit() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        print("BENCH " + String(decoding: data, as: UTF8.self))
    }
}

/// Runs `body` repeatedly for at least `seconds` and returns operations per second.
func measureRate(seconds: Double = 2, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    var count = 0
    var elapsed: Duration = .zero
    repeat {
        for _ in 0..<16 { try body() }
        count += 16
        elapsed = clock.now - start
    } while elapsed < .seconds(seconds)
    let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(count) / secondsElapsed
}
