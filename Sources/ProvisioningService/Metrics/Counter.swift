/// A monotonically increasing count, one series per label-value combination.
///
/// Obtain it from ``MetricsRegistry/counter(_:help:labelNames:)``.
package final class Counter: Sendable, MetricFamily {
    /// The metric name.
    package let name: String
    /// The `# HELP` text.
    package let help: String
    /// The label names, in declaration order.
    package let labelNames: [String]
    var typeName: String { "counter" }

    private let series: ScalarSeries

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.series = ScalarSeries(labelNames: labelNames)
    }

    /// Adds `amount` to the series named by `labels`.
    ///
    /// Labels missing from `labels` are recorded as empty strings and labels not
    /// declared at registration are ignored. A negative or non-finite `amount` is
    /// ignored, as a counter never decreases.
    package func increment(by amount: Double = 1, labels: [String: String] = [:]) {
        guard amount >= 0, amount.isFinite else { return }
        series.update(labels: labels) { $0 += amount }
    }

    /// Raises the series named by `labels` to `total` if it is below: for a
    /// count kept elsewhere and copied in when the metrics are rendered.
    /// A lower or non-finite `total` is ignored, as a counter never decreases.
    package func advance(to total: Double, labels: [String: String] = [:]) {
        guard total.isFinite else { return }
        series.update(labels: labels) { $0 = Swift.max($0, total) }
    }

    /// The current value of the series named by `labels` (0 when never incremented).
    package func value(labels: [String: String] = [:]) -> Double {
        series.value(labels: labels)
    }

    func renderSamples(into output: inout String) {
        series.render(name: name, into: &output)
    }

    func isSameDefinition(as other: Counter) -> Bool {
        help == other.help && labelNames == other.labelNames
    }
}
