/// A monotonically increasing count, one series per label-value combination.
///
/// Obtain it from ``MetricsRegistry/counter(_:help:labelNames:)``.
package typealias Counter = ScalarMetric<CounterKind>

/// The kind of a ``Counter``: it only goes up.
package enum CounterKind: ScalarMetricKind {
    package static var typeName: String { "counter" }
}

extension Counter {
    /// Adds `amount` to the series named by `labels`.
    ///
    /// Labels missing from `labels` are recorded as empty strings and labels not
    /// declared at registration are ignored. A negative or non-finite `amount` is
    /// ignored, as a counter never decreases.
    package func increment(by amount: Double = 1, labels: [String: String] = [:]) {
        guard amount >= 0, amount.isFinite else { return }
        update(labels: labels) { $0 += amount }
    }

    /// Raises the series named by `labels` to `total` if it is below: for a
    /// count kept elsewhere and copied in when the metrics are rendered.
    /// A lower or non-finite `total` is ignored, as a counter never decreases.
    package func advance(to total: Double, labels: [String: String] = [:]) {
        guard total.isFinite else { return }
        update(labels: labels) { $0 = Swift.max($0, total) }
    }
}
