/// Settings of a ``PostgresDatabase``. Connection settings (host, TLS with
/// `sslmode`/`sslrootcert`, credentials, timeouts) belong in the connection string,
/// which is passed to libpq untouched.
public struct PostgresOptions: Sendable, Hashable {
    /// The most connections open at once; further callers wait for one to be free.
    public var poolSize: Int
    /// `connect_timeout` in seconds, used when the connection string sets none.
    public var defaultConnectTimeout: Int
    /// `application_name` reported to the server when the connection string sets none.
    public var applicationName: String
    /// Retries of transactions aborted by serialization failures or deadlocks.
    public var retryPolicy: SQLRetryPolicy
    /// Whether the statements of ``SQLDatabase/executeAtomically(_:)`` batches are
    /// prepared on each connection the first time it runs them (as server-side
    /// statements named `storage_1`, `storage_2`, …), so that the server parses and
    /// plans them once per connection instead of on every batch. Up to 256
    /// statements per connection; further ones run unprepared. A batch refused
    /// because a name went stale (`DISCARD ALL`, a plan invalidated by
    /// `ALTER TABLE`) is run once more, prepared afresh. As with any prepared
    /// statement, the server may switch to a generic plan after five runs
    /// (`plan_cache_mode`). Turn it off behind a connection pooler that does not
    /// keep a server connection per client connection (PgBouncer in transaction
    /// mode before 1.21). Default `true`.
    public var preparesBatchStatements: Bool

    public init(
        poolSize: Int = 10, defaultConnectTimeout: Int = 10, applicationName: String = "swift-storage",
        retryPolicy: SQLRetryPolicy = SQLRetryPolicy(), preparesBatchStatements: Bool = true
    ) {
        self.poolSize = max(1, poolSize)
        self.defaultConnectTimeout = max(1, defaultConnectTimeout)
        self.applicationName = applicationName
        self.retryPolicy = retryPolicy
        self.preparesBatchStatements = preparesBatchStatements
    }
}
