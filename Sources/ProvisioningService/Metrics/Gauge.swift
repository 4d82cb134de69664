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

    private let series: ScalarSeries

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.series = ScalarSeries(labelNames: labelNames)
    }

    /// Sets the series named by `labels` to `value`.
    public func set(_ value: Double, labels: [String: String] = [:]) {
        series.update(labels: labels) { $0 = value }
    }

    /// Adds `amount` (which may be negative) to the series named by `labels`.
    public func add(_ amount: Double, labels: [String: String] = [:]) {
        series.update(labels: labels) { $0 += amount }
    }

    /// The current value of the series named by `labels` (0 when never set).
    public func value(labels: [String: String] = [:]) -> Double {
        series.value(labels: labels)
    }

    func renderSamples(into output: inout String) {
        series.render(name: name, into: &output)
    }

    func isSameDefinition(as other: Gauge) -> Bool {
        help == other.help && labelNames == other.labelNames
    }
}
