import Synchronization

/// A distribution of observations (such as request latency in seconds) in
/// cumulative buckets, one series per label-value combination.
///
/// Obtain it from ``MetricsRegistry/histogram(_:help:labelNames:buckets:)``.
/// Each series renders `_bucket{le="…"}` lines for every bound and `+Inf`, then
/// `_sum` and `_count`.
package final class Histogram: Sendable, MetricFamily {
    /// The metric name (without the `_bucket`, `_sum`, `_count` suffixes).
    package let name: String
    /// The `# HELP` text.
    package let help: String
    /// The label names, in declaration order.
    package let labelNames: [String]
    /// The finite upper bounds, increasing.
    package let buckets: [Double]
    var typeName: String { "histogram" }

    /// Counts per bucket (not cumulative; the last slot is `+Inf`), sum and count.
    struct Series: Sendable {
        var counts: [UInt64]
        var sum: Double = 0
        var count: UInt64 = 0

        mutating func record(_ value: Double, in slot: Int) {
            counts[slot] += 1
            sum += value
            count += 1
        }

        mutating func advance(to totals: [UInt64], sum total: Double) {
            for slot in counts.indices { counts[slot] = Swift.max(counts[slot], totals[slot]) }
            count = counts.reduce(0, +)
            sum = Swift.max(sum, total)
        }
    }

    private let series = Mutex<[MetricLabels: Series]>([:])

    init(name: String, help: String, labelNames: [String], buckets: [Double]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.buckets = buckets
    }

    /// Records `value` in the series named by `labels`. NaN is ignored.
    package func observe(_ value: Double, labels: [String: String] = [:]) {
        guard !value.isNaN else { return }
        let key = MetricLabels(names: labelNames, labels: labels)
        let slot = buckets.firstIndex { value <= $0 } ?? buckets.count
        let empty = buckets.count + 1
        series.withLock { all in
            // Mutated in place: a copy of the entry would copy its counts on every observation.
            all[key, default: Series(counts: Array(repeating: 0, count: empty))].record(value, in: slot)
        }
    }

    /// Observes the time `duration` took, in seconds.
    package func observe(_ duration: Duration, labels: [String: String] = [:]) {
        let (seconds, attoseconds) = duration.components
        observe(Double(seconds) + Double(attoseconds) / 1e18, labels: labels)
    }

    /// Raises the series named by `labels` to a distribution kept elsewhere
    /// with the same ``buckets`` (a connection pool's wait times), copied in
    /// when the metrics are rendered.
    ///
    /// - Parameters:
    ///   - bucketCounts: observations per bucket, not cumulative, one per bound
    ///     and a last one for `+Inf`; another length is ignored.
    ///   - sum: the sum of every observation.
    /// A count below the one already recorded is kept as it is, as a
    /// histogram's counts never decrease.
    package func advance(bucketCounts: [UInt64], sum: Double, labels: [String: String] = [:]) {
        guard bucketCounts.count == buckets.count + 1, sum.isFinite else { return }
        let key = MetricLabels(names: labelNames, labels: labels)
        let empty = buckets.count + 1
        series.withLock { all in
            all[key, default: Series(counts: Array(repeating: 0, count: empty))].advance(to: bucketCounts, sum: sum)
        }
    }

    /// How many observations the series named by `labels` holds.
    package func count(labels: [String: String] = [:]) -> UInt64 {
        let key = MetricLabels(names: labelNames, labels: labels)
        return series.withLock { $0[key]?.count ?? 0 }
    }

    func renderSamples(into output: inout String) {
        let snapshot = series.withLock { $0 }
        for key in snapshot.keys.sorted() {
            guard let entry = snapshot[key] else { continue }
            var cumulative: UInt64 = 0
            for (index, bound) in buckets.enumerated() {
                cumulative += entry.counts[index]
                let labels = key.rendered(names: labelNames, extra: [("le", MetricsRegistry.formatValue(bound))])
                output += "\(name)_bucket\(labels) \(cumulative)\n"
            }
            let infinity = key.rendered(names: labelNames, extra: [("le", "+Inf")])
            output += "\(name)_bucket\(infinity) \(entry.count)\n"
            let plain = key.rendered(names: labelNames)
            output += "\(name)_sum\(plain) \(MetricsRegistry.formatValue(entry.sum))\n"
            output += "\(name)_count\(plain) \(entry.count)\n"
        }
    }

    func isSameDefinition(as other: Histogram) -> Bool {
        help == other.help && labelNames == other.labelNames && buckets == other.buckets
    }
}
