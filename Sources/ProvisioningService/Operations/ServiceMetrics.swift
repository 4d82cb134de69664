import Foundation
import Storage

/// The service's Prometheus series, registered once in a ``MetricsRegistry``.
///
/// * `tpc_http_requests_total{route,method,status}` and
///   `tpc_http_request_duration_seconds{route,method,status}` — every answered
///   request, by route pattern (never the raw path, which holds ids).
/// * `tpc_provisioning_outcomes_total{outcome}` — `success` or the problem slug.
/// * `tpc_token_transitions_total{from,to,source}` — registry state changes.
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
        sqliteCheckpoints = try registry.counter(
            "tpc_sqlite_checkpoints_total", help: "SQLite write-ahead log checkpoints by kind.",
            labelNames: ["kind"])
    }

    /// Records one answered HTTP request.
    public func observeRequest(route: String?, method: String, status: Int, duration: Duration) {
        let labels = ["route": route ?? "unmatched", "method": method, "status": String(status)]
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

    func observeTransition(from: TokenState?, to: TokenState, source: String) {
        tokenTransitions.increment(labels: ["from": from?.rawValue ?? "none", "to": to.rawValue, "source": source])
    }
}
