import Foundation
import ProvisioningStorage

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
/// * On PostgreSQL, the connection pool, copied in at each rendering:
///   `tpc_db_pool_connections_open`, `…_idle`, `…_in_use` and `…_max`,
///   `tpc_db_pool_waiters` (callers waiting for a connection now),
///   `tpc_db_pool_acquire_wait_seconds` (how long leases waited),
///   `tpc_db_pool_failed_opens_total`, `tpc_db_pool_stale_connections_dropped_total`,
///   `tpc_db_pool_idle_connections_closed_total` and
///   `tpc_db_pool_acquire_timeouts_total` (callers answered 503 after the
///   acquire timeout).
/// * `tpc_retention_rows_deleted_total{table}` and
///   `tpc_retention_runs_total{outcome}` — the retention job (``RetentionJob``).
package struct ServiceMetrics: Sendable {
    /// The registry rendered at `/metrics`.
    package let registry: MetricsRegistry
    let requests: Counter
    let latency: Histogram
    let provisioningOutcomes: Counter
    let tokenTransitions: Counter
    let tokenReconciliations: Counter
    let sqliteCheckpoints: Counter
    let pool: PoolSeries
    let retentionDeleted: Counter
    let retentionRuns: Counter

    /// The connection pool's series.
    struct PoolSeries: Sendable {
        let open: Gauge
        let idle: Gauge
        let inUse: Gauge
        let maximum: Gauge
        let waiters: Gauge
        let acquireWait: Histogram
        let failedOpens: Counter
        let staleDropped: Counter
        let idleClosed: Counter
        let acquireTimeouts: Counter

        init(registry: MetricsRegistry) throws(ServiceError) {
            open = try registry.gauge("tpc_db_pool_connections_open", help: "Database connections open or opening.")
            idle = try registry.gauge("tpc_db_pool_connections_idle", help: "Open database connections not in use.")
            inUse = try registry.gauge("tpc_db_pool_connections_in_use", help: "Database connections held by requests.")
            maximum = try registry.gauge("tpc_db_pool_connections_max", help: "The connection pool's size.")
            waiters = try registry.gauge("tpc_db_pool_waiters", help: "Requests waiting for a database connection.")
            acquireWait = try registry.histogram(
                "tpc_db_pool_acquire_wait_seconds", help: "Time requests waited for a database connection.",
                buckets: ConnectionPoolStatistics.acquireWaitBuckets)
            failedOpens = try registry.counter(
                "tpc_db_pool_failed_opens_total", help: "Database connections that could not be opened.")
            staleDropped = try registry.counter(
                "tpc_db_pool_stale_connections_dropped_total",
                help: "Idle database connections found closed by the server and dropped before use.")
            idleClosed = try registry.counter(
                "tpc_db_pool_idle_connections_closed_total", help: "Database connections closed after the idle timeout."
            )
            acquireTimeouts = try registry.counter(
                "tpc_db_pool_acquire_timeouts_total",
                help: "Requests that waited the whole acquire timeout for a database connection.")
        }

        func copy(_ statistics: ConnectionPoolStatistics) {
            open.set(Double(statistics.open))
            idle.set(Double(statistics.idle))
            inUse.set(Double(statistics.inUse))
            maximum.set(Double(statistics.maximumSize))
            waiters.set(Double(statistics.waiters))
            acquireWait.advance(bucketCounts: statistics.acquireWaitCounts, sum: statistics.acquireWaitSeconds)
            failedOpens.advance(to: Double(statistics.failedOpens))
            staleDropped.advance(to: Double(statistics.staleConnectionsDropped))
            idleClosed.advance(to: Double(statistics.idleConnectionsClosed))
            acquireTimeouts.advance(to: Double(statistics.acquireTimeouts))
        }
    }

    /// Registers the series in `registry`.
    ///
    /// - Throws: ``ServiceError`` when a series of the same name is registered differently.
    package init(registry: MetricsRegistry = MetricsRegistry()) throws(ServiceError) {
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
        pool = try PoolSeries(registry: registry)
        retentionDeleted = try registry.counter(
            "tpc_retention_rows_deleted_total", help: "Expired rows deleted by the retention job, by table.",
            labelNames: ["table"])
        retentionRuns = try registry.counter(
            "tpc_retention_runs_total", help: "Runs of the retention job by outcome.", labelNames: ["outcome"])
    }

    /// The methods kept as labels; any other (a client may send any token)
    /// counts as `other`, so an anonymous client cannot grow the series.
    static let methodLabels: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Records one answered HTTP request. Every label comes from a closed set:
    /// the route's pattern (or `unmatched`), a known method (or `other`), and
    /// the status the service answered.
    package func observeRequest(route: String?, method: String, status: Int, duration: Duration) {
        let methodLabel = Self.methodLabels.contains(method) ? method : "other"
        let labels = ["route": route ?? "unmatched", "method": methodLabel, "status": String(status)]
        requests.increment(labels: labels)
        latency.observe(duration, labels: labels)
    }

    func observeProvisioning(outcome: String) {
        provisioningOutcomes.increment(labels: ["outcome": outcome])
    }

    /// Copies the SQLite checkpointer's counts, or the PostgreSQL pool's, into
    /// their series (nothing for an in-memory database).
    func observeDatabase(_ database: any SQLDatabase) {
        if let postgres = database as? PostgresDatabase { pool.copy(postgres.poolStatistics) }
        guard let statistics = (database as? SQLiteDatabase)?.checkpointStatistics else { return }
        sqliteCheckpoints.advance(to: Double(statistics.backgroundPasses), labels: ["kind": "background"])
        sqliteCheckpoints.advance(to: Double(statistics.commitCheckpoints), labels: ["kind": "commit"])
        sqliteCheckpoints.advance(to: Double(statistics.failedPasses), labels: ["kind": "failed"])
    }

    func observeReconciliation(from: TokenState, to: TokenState) {
        tokenReconciliations.increment(labels: ["from": from.rawValue, "to": to.rawValue])
    }

    /// Records one retention run: rows deleted per table (names from the job's
    /// fixed list), and whether every table was swept.
    func observeRetention(deleted: [String: Int], succeeded: Bool) {
        for (table, count) in deleted where count > 0 {
            retentionDeleted.increment(by: Double(count), labels: ["table": table])
        }
        retentionRuns.increment(labels: ["outcome": succeeded ? "success" : "failure"])
    }

    func observeTransition(from: TokenState?, to: TokenState, source: String) {
        tokenTransitions.increment(labels: ["from": from?.rawValue ?? "none", "to": to.rawValue, "source": source])
    }
}
