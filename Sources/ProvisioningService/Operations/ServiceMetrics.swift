import Foundation
import Storage

/// The service's Prometheus series, registered once in a ``MetricsRegistry``.
///
/// * `tpc_http_requests_total{route,method,status}` and
///   `tpc_http_request_duration_seconds{route,method,status}` — every answered
///   request, by route pattern (never the raw path, which holds ids).
/// * `tpc_provisioning_outcomes_total{outcome}` — `success` or the problem slug.
/// * `tpc_token_transitions_total{from,to,source}` — registry state changes.
/// * `tpc_token_reconciliations_total{from,to}` — registry states replaced by
///   the network's view because the two disagreed.
/// * `tpc_sqlite_checkpoints_total{kind}` — on an SQLite file, the write-ahead
///   log's checkpoints: `background` passes, `commit` (a commit finishing a
///   pass) and `failed` passes; copied in at each rendering.
public struct ServiceMetrics: Sendable {
    /// The registry rendered at `/metrics`.
    public let registry: MetricsRegistry
    let requests: Counter
    let latency: Histogram
    let provisioningOutcomes: Counter
    let tokenTransitions: Counter
    let tokenReconciliations: Counter
    let sqliteCheckpoints: Counter

    /// Registers the series in `registry`.
    ///
    /// - Throws: ``MetricsError`` when a series of the same name is registered differently.
    public init(registry: MetricsRegistry = MetricsRegistry()) throws(MetricsError) {
        self.registry = registry
        let httpLabels = ["route", "method", "status"]
        requests = try registry.counter(
            "tpc_http_requests_total", help: "HTTP requests answered.", labelNames: httpLabels)
        latency = try registry.histogram(
            "tpc_http_request_duration_seconds", help: "Time to answer HTTP requests.", labelNames: httpLabels)
        provisioningOutcomes = try registry.counter(
            "tpc_provisioning_outcomes_total", help: "Apple Pay provisioning requests by outcome.",
            labelNames: ["outcome"])
        tokenTransitions = try registry.counter(
            "tpc_token_transitions_total", help: "Token registry state changes.",
            labelNames: ["from", "to", "source"])
        tokenReconciliations = try registry.counter(
            "tpc_token_reconciliations_total", help: "Registry token states repaired from the card network's view.",
            labelNames: ["from", "to"])
        sqliteCheckpoints = try registry.counter(
            "tpc_sqlite_checkpoints_total", help: "SQLite write-ahead log checkpoints by kind.",
            labelNames: ["kind"])
    }

    /// The methods kept as labels; any other (a client may send any token)
    /// counts as `other`, so an anonymous client cannot grow the series.
    static let methodLabels: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Records one answered HTTP request. Every label comes from a closed set:
    /// the route's pattern (or `unmatched`), a known method (or `other`), and
    /// the status the service answered.
    public func observeRequest(route: String?, method: String, status: Int, duration: Duration) {
        let methodLabel = Self.methodLabels.contains(method) ? method : "other"
        let labels = ["route": route ?? "unmatched", "method": methodLabel, "status": String(status)]
        requests.increment(labels: labels)
        latency.observe(duration, labels: labels)
    }

    func observeProvisioning(outcome: String) {
        provisioningOutcomes.increment(labels: ["outcome": outcome])
    }

    /// Copies the SQLite checkpointer's counts into their series (nothing for
    /// PostgreSQL or an in-memory database).
    func observeDatabase(_ database: any SQLDatabase) {
        guard let statistics = (database as? SQLiteDatabase)?.checkpointStatistics else { return }
        sqliteCheckpoints.advance(to: Double(statistics.backgroundPasses), labels: ["kind": "background"])
        sqliteCheckpoints.advance(to: Double(statistics.commitCheckpoints), labels: ["kind": "commit"])
        sqliteCheckpoints.advance(to: Double(statistics.failedPasses), labels: ["kind": "failed"])
    }

    func observeReconciliation(from: TokenState, to: TokenState) {
        tokenReconciliations.increment(labels: ["from": from.rawValue, "to": to.rawValue])
    }

    func observeTransition(from: TokenState?, to: TokenState, source: String) {
        tokenTransitions.increment(labels: ["from": from?.rawValue ?? "none", "to": to.rawValue, "source": source])
    }
}
