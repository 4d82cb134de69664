/// Settings of a ``SQLiteDatabase``.
public struct SQLiteOptions: Sendable, Hashable {
    /// SQLite's `PRAGMA synchronous` level in WAL mode.
    public struct Synchronous: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Durable against application crashes; a power loss may drop the last
        /// commits, never corrupt the database. SQLite's recommendation for WAL.
        public static let normal = Synchronous(rawValue: "NORMAL")
        /// Every commit is synced to disk before it returns.
        public static let full = Synchronous(rawValue: "FULL")
    }

    /// `PRAGMA synchronous`; ``Synchronous/normal`` by default.
    public var synchronous: Synchronous
    /// How long a connection waits for a lock held by another process before
    /// `SQLITE_BUSY`.
    public var busyTimeout: Duration
    /// Read-only connections serving ``SQLExecutor/query(_:_:)`` outside
    /// transactions (file databases only; an in-memory database has one connection).
    public var readerCount: Int
    /// Prepared statements kept per connection.
    public var statementCacheCapacity: Int
    /// Retries of transactions that met `SQLITE_BUSY` or `SQLITE_LOCKED`.
    public var retryPolicy: SQLRetryPolicy
    /// WAL pages after which a commit checkpoints the log into the database file
    /// (`PRAGMA wal_autocheckpoint`); SQLite's own 1,000 (4 MB of 4 KB pages) by
    /// default.
    ///
    /// The committing call runs the checkpoint — copying the log's pages back and
    /// syncing — so this trades CPU against that call's stall: on the service's
    /// provisioning load, 4,000 pages saved about 2 % of the server's CPU time and
    /// doubled the p99 latency at half load (41 ms against 18 ms).
    public var walAutocheckpointPages: Int

    public init(
        synchronous: Synchronous = .normal, busyTimeout: Duration = .seconds(5), readerCount: Int = 4,
        statementCacheCapacity: Int = 64, retryPolicy: SQLRetryPolicy = SQLRetryPolicy(),
        walAutocheckpointPages: Int = 1_000
    ) {
        self.walAutocheckpointPages = max(1, walAutocheckpointPages)
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.readerCount = max(1, readerCount)
        self.statementCacheCapacity = max(1, statementCacheCapacity)
        self.retryPolicy = retryPolicy
    }
}
