import Synchronization

/// A metric that holds one number per label-value combination: what counters
/// and gauges share (``Counter``, ``Gauge``).
///
/// `Kind` names the exposition `# TYPE`; what a kind may do to its numbers is
/// in its extension, so a counter has no way to go down. Keys are built from
/// the declared label names, and samples render in a stable (sorted) order.
package final class ScalarMetric<Kind: ScalarMetricKind>: Sendable, MetricFamily {
    /// The metric name.
    package let name: String
    /// The `# HELP` text.
    package let help: String
    /// The label names, in declaration order.
    package let labelNames: [String]
    var typeName: String { Kind.typeName }

    private let values = Mutex<[MetricLabels: Double]>([:])

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
    }

    /// Applies `change` to the value of the series named by `labels` (0 when new).
    ///
    /// Labels missing from `labels` are recorded as empty strings and labels not
    /// declared at registration are ignored.
    func update(labels: [String: String], _ change: (inout Double) -> Void) {
        let key = MetricLabels(names: labelNames, labels: labels)
        values.withLock { change(&$0[key, default: 0]) }
    }

    /// The current value of the series named by `labels` (0 when never recorded).
    package func value(labels: [String: String] = [:]) -> Double {
        let key = MetricLabels(names: labelNames, labels: labels)
        return values.withLock { $0[key] ?? 0 }
    }

    /// One exposition line per series, `name{labels} value`.
    func renderSamples(into output: inout String) {
        let snapshot = values.withLock { $0 }
        for key in snapshot.keys.sorted() {
            guard let value = snapshot[key] else { continue }
            output += "\(name)\(key.rendered(names: labelNames)) \(MetricsRegistry.formatValue(value))\n"
        }
    }

    func isSameDefinition(as other: ScalarMetric) -> Bool {
        help == other.help && labelNames == other.labelNames
    }
}
