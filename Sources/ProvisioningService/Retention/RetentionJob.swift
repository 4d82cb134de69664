import Foundation
import ProvisioningStorage
import Synchronization

/// Deletes rows that can no longer matter — used authorization codes and
/// nonces past their validity, the sandbox's expired nonces and delivered
/// notifications — so that those tables stay as large as their traffic over
/// the retention window, not over the service's life.
///
/// Every `tpc serve` instance runs one. Instances sweeping together are safe:
/// each deletes in small batches by key, and on PostgreSQL a batch skips rows
/// another sweep holds (``RetentionRule``). The first run on an instance comes
/// after a random part of the interval, so instances started together do not
/// sweep together. Counts go to `tpc_retention_rows_deleted_total{table}` and
/// `tpc_retention_runs_total{outcome}`; a failed run is logged
/// (`retention.failed`) and tried again at the next interval.
///
/// ```swift
/// let job = app.retentionJob(RetentionSettings(), extraRules: sandbox.retentionRules(RetentionSettings()))
/// job.start()
/// // …
/// await job.stop()
/// ```
package final class RetentionJob: Sendable {
    /// Rows per delete statement.
    package static let batchSize = 1_000
    /// Batches per table and run: a backlog larger than this waits for the next run.
    static let maximumBatches = 100

    /// What the job deletes.
    package let rules: [RetentionRule]
    /// The time between runs; zero means ``start()`` does nothing.
    package let interval: Duration
    private let database: any SQLDatabase
    private let metrics: ServiceMetrics
    private let log: ServiceLog
    private let clock: @Sendable () -> Date
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(
        rules: [RetentionRule], interval: Duration, database: any SQLDatabase, metrics: ServiceMetrics,
        log: ServiceLog, clock: @escaping @Sendable () -> Date
    ) {
        self.rules = rules
        self.interval = interval
        self.database = database
        self.metrics = metrics
        self.log = log
        self.clock = clock
    }

    deinit {
        task.withLock { $0?.cancel() }
    }

    /// Sweeps every rule once now.
    ///
    /// - Returns: the rows deleted, by table. A table whose sweep failed (the
    ///   database is down) counts what was deleted before the failure; the
    ///   failure is logged and counted, and the other tables are still swept.
    @discardableResult
    package func run() async -> [String: Int] {
        let now = clock()
        var deleted: [String: Int] = [:]
        var failed = false
        for rule in rules {
            let statement = rule.deleteStatement(dialect: database.dialect, limit: Self.batchSize)
            let cutoff = SQLValue.timestamp(now.addingTimeInterval(-rule.keep))
            var count = 0
            do {
                for _ in 0..<Self.maximumBatches {
                    let batch = try await database.execute(statement, [cutoff])
                    count += batch
                    if batch < Self.batchSize { break }
                }
            } catch {
                failed = true
                log.warning(
                    "retention.failed",
                    ["table": rule.table, "error": (error as? StorageError)?.code.rawValue ?? "\(type(of: error))"])
            }
            deleted[rule.table] = count
        }
        metrics.observeRetention(deleted: deleted, succeeded: !failed)
        return deleted
    }

    /// Starts running every ``interval`` in the background (first after a
    /// random part of it); does nothing when the interval is zero or the job
    /// already runs.
    package func start() {
        guard interval > .zero else { return }
        let interval = self.interval
        task.withLock { task in
            guard task == nil else { return }
            task = Task.detached { [weak self] in
                let (seconds, attoseconds) = interval.components
                let total = Double(seconds) + Double(attoseconds) / 1e18
                var delay = Duration.milliseconds(Int64(Double.random(in: 0..<1) * total * 1_000))
                while !Task.isCancelled {
                    guard (try? await Task.sleep(for: delay)) != nil, let job = self else { return }
                    await job.run()
                    delay = interval
                }
            }
        }
    }

    /// Stops the background runs and waits for one in progress.
    package func stop() async {
        let running = task.withLock { task -> Task<Void, Never>? in
            defer { task = nil }
            return task
        }
        running?.cancel()
        await running?.value
    }
}
