import Synchronization

/// The one-number-per-label-combination storage that counters and gauges share:
/// keys are built from the family's declared label names, and samples render
/// in a stable (sorted) order.
final class ScalarSeries: Sendable {
    private let labelNames: [String]
    private let values = Mutex<[MetricLabels: Double]>([:])

    init(labelNames: [String]) {
        self.labelNames = labelNames
    }

    /// Applies `change` to the value of the series named by `labels` (0 when new).
    func update(labels: [String: String], _ change: (inout Double) -> Void) {
        let key = MetricLabels(names: labelNames, labels: labels)
        values.withLock { change(&$0[key, default: 0]) }
    }

    /// The value of the series named by `labels`, 0 when it was never touched.
    func value(labels: [String: String]) -> Double {
        let key = MetricLabels(names: labelNames, labels: labels)
        return values.withLock { $0[key] ?? 0 }
    }

    /// One exposition line per series, `name{labels} value`.
    func render(name: String, into output: inout String) {
        let snapshot = values.withLock { $0 }
        for key in snapshot.keys.sorted() {
            guard let value = snapshot[key] else { continue }
            output += "\(name)\(key.rendered(names: labelNames)) \(MetricsRegistry.formatValue(value))\n"
        }
    }
}
