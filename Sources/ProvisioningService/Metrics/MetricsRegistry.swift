import Foundation
import Synchronization

/// Counters, gauges and histograms, rendered in the Prometheus text exposition
/// format 0.0.4 for `/metrics`.
///
/// Register each metric once at start-up, keep the returned handle, and record
/// from any thread: every handle is `Sendable` and guarded by a `Mutex`.
///
/// Label values must come from a closed set: pass route **patterns**
/// (`/v1/issuers/{issuerId}/applepay/provisioning`), never request paths, and
/// outcome names, never error messages — paths and messages can hold
/// identifiers, and a metric is kept and scraped far from the request. Values
/// with a run of 12 or more digits are replaced by `redacted` as a safety net.
///
/// ```swift
/// let metrics = MetricsRegistry()
/// let requests = try metrics.counter(
///     "tpc_http_requests_total", help: "HTTP requests.", labelNames: ["route", "method", "status"])
/// requests.increment(labels: ["route": "/healthz", "method": "GET", "status": "200"])
/// print(metrics.render())
/// ```
package final class MetricsRegistry: Sendable {
    /// The content type of ``render()``'s output.
    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Upper bounds, in seconds, suited to HTTP request latency: 5 ms to 10 s.
    package static let defaultLatencyBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private let families = Mutex<[String: any MetricFamily]>([:])

    package init() {}

    /// Registers a counter, or returns the one already registered with the same
    /// name, help and label names.
    ///
    /// - Throws: ``ServiceError`` for an invalid name or a conflicting registration.
    package func counter(_ name: String, help: String, labelNames: [String] = []) throws(ServiceError) -> Counter {
        try register(name: name, labelNames: labelNames) {
            Counter(name: name, help: help, labelNames: labelNames)
        }
    }

    /// Registers a gauge, or returns the one already registered with the same
    /// name, help and label names.
    ///
    /// - Throws: ``ServiceError`` for an invalid name or a conflicting registration.
    package func gauge(_ name: String, help: String, labelNames: [String] = []) throws(ServiceError) -> Gauge {
        try register(name: name, labelNames: labelNames) {
            Gauge(name: name, help: help, labelNames: labelNames)
        }
    }

    /// Registers a histogram, or returns the one already registered with the same
    /// name, help, label names and buckets.
    ///
    /// - Parameter buckets: Finite, strictly increasing upper bounds; `+Inf` is
    ///   added by the format itself.
    /// - Throws: ``ServiceError`` for an invalid name, invalid buckets or a
    ///   conflicting registration.
    package func histogram(
        _ name: String, help: String, labelNames: [String] = [], buckets: [Double] = defaultLatencyBuckets
    ) throws(ServiceError) -> Histogram {
        guard !buckets.isEmpty, buckets.allSatisfy(\.isFinite), zip(buckets, buckets.dropFirst()).allSatisfy(<)
        else {
            throw ServiceError(.invalidBuckets, "\(name): buckets must be finite and strictly increasing")
        }
        guard !labelNames.contains("le") else {
            throw ServiceError(.invalidMetricName, "\(name): label name le is reserved for histograms")
        }
        return try register(name: name, labelNames: labelNames) {
            Histogram(name: name, help: help, labelNames: labelNames, buckets: buckets)
        }
    }

    /// Every registered metric in the text exposition format 0.0.4: families
    /// sorted by name, each with its `# HELP` and `# TYPE` lines, series sorted by
    /// label values. Ends with a newline when anything is registered.
    package func render() -> String {
        let snapshot = families.withLock { $0 }
        var output = ""
        for name in snapshot.keys.sorted() {
            guard let family = snapshot[name] else { continue }
            output += "# HELP \(name) \(Self.escapeHelp(family.help))\n"
            output += "# TYPE \(name) \(family.typeName)\n"
            family.renderSamples(into: &output)
        }
        return output
    }

    private func register<M: MetricFamily>(
        name: String, labelNames: [String], make: () -> M
    ) throws(ServiceError) -> M {
        guard Self.isValidMetricName(name) else {
            throw ServiceError(.invalidMetricName, "metric name is not in [a-zA-Z_:][a-zA-Z0-9_:]*")
        }
        for label in labelNames where !Self.isValidLabelName(label) {
            throw ServiceError(
                .invalidMetricName, "\(name): label name is not in [a-zA-Z_][a-zA-Z0-9_]* or is reserved")
        }
        guard Set(labelNames).count == labelNames.count else {
            throw ServiceError(.invalidMetricName, "\(name): repeated label name")
        }
        let candidate = make()
        let result: M? = families.withLock { families in
            if let existing = families[name] {
                guard let same = existing as? M, same.isSameDefinition(as: candidate) else { return nil }
                return same
            }
            families[name] = candidate
            return candidate
        }
        guard let result else {
            throw ServiceError(.conflictingRegistration, "\(name) is already registered differently")
        }
        return result
    }

    static func isValidMetricName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !isDigit(first) else { return false }
        return name.utf8.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":")
        }
    }

    static func isValidLabelName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !isDigit(first), !name.hasPrefix("__") else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func escapeHelp(_ help: String) -> String {
        help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A sample value as Prometheus writes it: integers without a fraction,
    /// `+Inf`, `-Inf`, `NaN`.
    static func formatValue(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value == .infinity { return "+Inf" }
        if value == -.infinity { return "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// What the registry needs from each kind of metric.
protocol MetricFamily: Sendable {
    var name: String { get }
    var help: String { get }
    var labelNames: [String] { get }
    var typeName: String { get }
    func renderSamples(into output: inout String)
    func isSameDefinition(as other: Self) -> Bool
}
