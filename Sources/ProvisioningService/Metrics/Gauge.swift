/// A value that goes up and down (connections open, pool size), one series per
/// label-value combination.
///
/// Obtain it from ``MetricsRegistry/gauge(_:help:labelNames:)``.
package typealias Gauge = ScalarMetric<GaugeKind>

/// The kind of a ``Gauge``: it moves freely.
package enum GaugeKind: ScalarMetricKind {
    package static var typeName: String { "gauge" }
}

extension Gauge {
    /// Sets the series named by `labels` to `value`.
    package func set(_ value: Double, labels: [String: String] = [:]) {
        update(labels: labels) { $0 = value }
    }

    /// Adds `amount` (which may be negative) to the series named by `labels`.
    package func add(_ amount: Double, labels: [String: String] = [:]) {
        update(labels: labels) { $0 += amount }
    }
}
