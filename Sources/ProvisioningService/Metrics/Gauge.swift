import Synchronization

/// A value that goes up and down (connections open, pool size), one series per
/// label-value combination.
///
/// Obtain it from ``MetricsRegistry/gauge(_:help:labelNames:)``.
public final class Gauge: Sendable, MetricFamily {
    /// The metric name.
    public let name: String
    /// The `# HELP` text.
    public let help: String
    /// The label names, in declaration order.
    public let labelNames: [String]
    var typeName: String { "gauge" }

    private let series = Mutex<[MetricLabels: Double]>([:])

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
    }

    /// Sets the series named by `labels` to `value`.
    public func set(_ value: Double, labels: [String: String] = [:]) {
        let key = MetricLabels(names: labelNames, labels: labels)
        series.withLock { $0[key] = value }
    }

    /// Adds `amount` (which may be negative) to the series named by `labels`.
    public func add(_ amount: Double, labels: [String: String] = [:]) {
        let key = MetricLabels(names: labelNames, labels: labels)
        series.withLock { $0[key, default: 0] += amount }
    }

    /// The current value of the series named by `labels` (0 when never set).
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

    func isSameDefinition(as other: Gauge) -> Bool {
        help == other.help && labelNames == other.labelNames
    }
}
