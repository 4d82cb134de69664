/// Settings of a ``SQLiteDatabase``.
package struct SQLiteOptions: Sendable, Hashable {
    /// SQLite's `PRAGMA synchronous` level in WAL mode.
    ///
    /// The two levels this store supports (SQLite also has `OFF`, which can
    /// corrupt the database on power loss, and `EXTRA`), closed so that no
    /// other text reaches the pragma.
    package enum Synchronous: String, Sendable, Hashable {
        /// Durable against application crashes; a power loss may drop the last
        /// commits, never corrupt the database. SQLite's recommendation for WAL.
        case normal = "NORMAL"
        /// Every commit is synced to disk before it returns.
        case full = "FULL"
    }

    /// `PRAGMA synchronous`; ``Synchronous/normal`` by default.
    package var synchronous: Synchronous
    /// How long a connection waits for a lock held by another process before
    /// `SQLITE_BUSY`.
    package var busyTimeout: Duration
    /// Read-only connections serving ``SQLExecutor/query(_:_:)`` outside
    /// transactions (file databases only; an in-memory database has one connection).
    package var readerCount: Int
    /// Prepared statements kept per connection.
    package var statementCacheCapacity: Int
    /// Retries of transactions that met `SQLITE_BUSY` or `SQLITE_LOCKED`.
    package var retryPolicy: SQLRetryPolicy
    /// WAL pages after which the log is checkpointed into the database file;
    /// SQLite's own 1,000 (4 MB of 4 KB pages) by default.
    ///
    /// A checkpoint copies the log's pages back and syncs, so a larger value
    /// checkpoints less often, each time for longer. Where it runs is
    /// ``checkpointsInBackground``'s choice.
    package var walAutocheckpointPages: Int
    /// Whether a thread of the database's own runs the log's checkpoints
    /// (`true`, the default) instead of the commit that takes the log past
    /// ``walAutocheckpointPages`` (`PRAGMA wal_autocheckpoint`, SQLite's way).
    ///
    /// SQLite's way stalls that commit for the copy and its `fsync`s while it
    /// holds the only writer connection, so every write queued behind it waits
    /// too. In the background, commits go on while the checkpoint runs, and
    /// the commit after it copies what was written meanwhile (so that the log
    /// can restart); when writes outpace the background and the log reaches
    /// twice ``walAutocheckpointPages``, a commit waits for the running pass
    /// and copies the rest. Turn it off only to have each checkpoint's whole
    /// cost land on a commit.
    package var checkpointsInBackground: Bool

    package init(
        synchronous: Synchronous = .normal, busyTimeout: Duration = .seconds(5), readerCount: Int = 4,
        statementCacheCapacity: Int = 64, retryPolicy: SQLRetryPolicy = SQLRetryPolicy(),
        walAutocheckpointPages: Int = 1_000, checkpointsInBackground: Bool = true
    ) {
        self.walAutocheckpointPages = max(1, walAutocheckpointPages)
        self.checkpointsInBackground = checkpointsInBackground
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.readerCount = max(1, readerCount)
        self.statementCacheCapacity = max(1, statementCacheCapacity)
        self.retryPolicy = retryPolicy
    }
}
