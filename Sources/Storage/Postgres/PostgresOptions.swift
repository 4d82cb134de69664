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

    public init(
        poolSize: Int = 10, defaultConnectTimeout: Int = 10, applicationName: String = "swift-storage",
        retryPolicy: SQLRetryPolicy = SQLRetryPolicy()
    ) {
        self.poolSize = max(1, poolSize)
        self.defaultConnectTimeout = max(1, defaultConnectTimeout)
        self.applicationName = applicationName
        self.retryPolicy = retryPolicy
    }
}
