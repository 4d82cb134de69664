/// A value that goes up and down (connections open, pool size), one series per
/// label-value combination.
///
/// Obtain it from ``MetricsRegistry/gauge(_:help:labelNames:)``.
package final class Gauge: Sendable, MetricFamily {
    /// The metric name.
    package let name: String
    /// The `# HELP` text.
    package let help: String
    /// The label names, in declaration order.
    package let labelNames: [String]
    var typeName: String { "gauge" }

    private let series: ScalarSeries

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.series = ScalarSeries(labelNames: labelNames)
    }

    /// Sets the series named by `labels` to `value`.
    package func set(_ value: Double, labels: [String: String] = [:]) {
        series.update(labels: labels) { $0 = value }
    }

    /// Adds `amount` (which may be negative) to the series named by `labels`.
    package func add(_ amount: Double, labels: [String: String] = [:]) {
        series.update(labels: labels) { $0 += amount }
    }

    /// The current value of the series named by `labels` (0 when never set).
    package func value(labels: [String: String] = [:]) -> Double {
        series.value(labels: labels)
    }

    func renderSamples(into output: inout String) {
        series.render(name: name, into: &output)
    }

    func isSameDefinition(as other: Gauge) -> Bool {
        help == other.help && labelNames == other.labelNames
    }
}
