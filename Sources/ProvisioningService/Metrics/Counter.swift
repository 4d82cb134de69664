import Synchronization

/// A monotonically increasing count, one series per label-value combination.
///
/// Obtain it from ``MetricsRegistry/counter(_:help:labelNames:)``.
public final class Counter: Sendable, MetricFamily {
    /// The metric name.
    public let name: String
    /// The `# HELP` text.
    public let help: String
    /// The label names, in declaration order.
    public let labelNames: [String]
    var typeName: String { "counter" }

    private let series = Mutex<[MetricLabels: Double]>([:])

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
    }

    /// Adds `amount` to the series named by `labels`.
    ///
    /// Labels missing from `labels` are recorded as empty strings and labels not
    /// declared at registration are ignored. A negative or non-finite `amount` is
    /// ignored, as a counter never decreases.
    public func increment(by amount: Double = 1, labels: [String: String] = [:]) {
        guard amount >= 0, amount.isFinite else { return }
        let key = MetricLabels(names: labelNames, labels: labels)
        series.withLock { $0[key, default: 0] += amount }
    }

    /// The current value of the series named by `labels` (0 when never incremented).
    public func value(labels: [String: String] = [:]) -> Double {
        let key = MetricLabels(names: labelNames, labels: labels)
        return series.withLock { $0[key] ?? 0 }
    }

    func renderSamples(into output: inout String) {
        let snapshot = series.withLock { $0 }
        for key in snapshot.keys.sorted() {
            guard let value = snapshot[key] else { continue }
            output += "\(name)\(key.rendered(names: labelNames)) \(MetricsRegistry.formatValue(value))\n"
        }
    }

    func isSameDefinition(as other: Counter) -> Bool {
        help == other.help && labelNames == other.labelNames
    }
}
