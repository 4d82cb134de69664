/// What a database's connection pool holds now and what it went through since
/// the database opened, for an operator's metrics.
///
/// Read it with ``PostgresDatabase/poolStatistics`` whenever metrics are
/// scraped; the counts only grow, so a scraper can rate them.
///
/// ```swift
/// let pool = database.poolStatistics
/// print("\(pool.inUse) of \(pool.maximumSize) in use, \(pool.waiters) callers waiting")
/// ```
package struct ConnectionPoolStatistics: Sendable, Hashable {
    /// The upper bounds, in seconds, of the buckets of ``acquireWaitCounts``:
    /// 0.5 ms to 10 s. A lease of an idle connection falls in the first.
    package static let acquireWaitBuckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// The most connections the pool opens.
    package var maximumSize: Int
    /// Connections open now, or being opened.
    package var open: Int
    /// Open connections that no caller holds.
    package var idle: Int
    /// Connections held by callers (or being opened for one).
    package var inUse: Int { max(0, open - idle) }
    /// Callers waiting for a connection now.
    package var waiters: Int
    /// Successful leases by how long the caller waited, per bucket of
    /// ``acquireWaitBuckets`` (not cumulative); the last slot counts waits
    /// longer than the last bound.
    package var acquireWaitCounts: [UInt64]
    /// The total time successful leases waited, in seconds.
    package var acquireWaitSeconds: Double
    /// Successful leases.
    package var acquires: UInt64 { acquireWaitCounts.reduce(0, +) }
    /// Connections that could not be opened (the server refused or was unreachable).
    package var failedOpens: UInt64
    /// Idle connections found broken before use (the server restarted or closed
    /// them) and closed instead of being handed out.
    package var staleConnectionsDropped: UInt64
    /// Idle connections closed because they were idle longer than the idle timeout.
    package var idleConnectionsClosed: UInt64
    /// Callers that gave up waiting after the acquire timeout.
    package var acquireTimeouts: UInt64

    /// An empty pool of `maximumSize`.
    package init(maximumSize: Int) {
        self.maximumSize = maximumSize
        open = 0
        idle = 0
        waiters = 0
        acquireWaitCounts = Array(repeating: 0, count: Self.acquireWaitBuckets.count + 1)
        acquireWaitSeconds = 0
        failedOpens = 0
        staleConnectionsDropped = 0
        idleConnectionsClosed = 0
        acquireTimeouts = 0
    }

    /// Counts one successful lease that waited `duration`.
    mutating func recordAcquire(waited duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let value = max(0, Double(seconds) + Double(attoseconds) / 1e18)
        let slot = Self.acquireWaitBuckets.firstIndex { value <= $0 } ?? Self.acquireWaitBuckets.count
        acquireWaitCounts[slot] += 1
        acquireWaitSeconds += value
    }
}
