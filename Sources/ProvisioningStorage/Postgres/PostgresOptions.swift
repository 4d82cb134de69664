/// Settings of a ``PostgresDatabase``. Connection settings (host, TLS with
/// `sslmode`/`sslrootcert`, credentials, timeouts) belong in the connection string,
/// which is passed to libpq untouched.
///
/// Every process sharing a server opens up to ``poolSize`` connections, so size
/// the pools against the server: instances × `poolSize` ≤ `max_connections` −
/// `superuser_reserved_connections` − what else connects (migrations, backups,
/// monitoring). With PostgreSQL's defaults (100 and 3) and the default size of
/// 10, that is nine instances.
///
/// ```swift
/// let options = PostgresOptions(poolSize: 8, minimumIdle: 1, idleTimeout: .seconds(60), acquireTimeout: .seconds(5))
/// let db = try await PostgresDatabase.connect("postgres://tpc@db.internal/tpc", options: options)
/// ```
package struct PostgresOptions: Sendable, Hashable {
    /// The most connections open at once; further callers wait for one to be free.
    package var poolSize: Int
    /// Connections kept open however long they idle (at most ``poolSize``);
    /// the pool reopens up to this many after they broke.
    package var minimumIdle: Int
    /// How long a connection beyond ``minimumIdle`` may stay idle before the
    /// pool closes it, giving the server's slot back to other instances;
    /// `nil` keeps connections open.
    package var idleTimeout: Duration?
    /// The longest a call waits for a pooled connection before it fails with
    /// ``StorageError/Code/poolTimeout``; `nil` (the default) waits as long as
    /// it takes. A service answering requests wants a bound (`tpc serve` sets
    /// 5 s), so that a caller gets a 503 it can retry instead of an answer too
    /// late to matter.
    package var acquireTimeout: Duration?
    /// `connect_timeout` in seconds, used when the connection string sets none.
    package var defaultConnectTimeout: Int
    /// `application_name` reported to the server when the connection string sets none.
    package var applicationName: String
    /// Retries of transactions aborted by serialization failures or deadlocks.
    package var retryPolicy: SQLRetryPolicy
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
    /// mode before 1.21), or with `prepared_statements=off` in the URL (see
    /// ``PostgresDatabase/connect(_:options:)``). Default `true`.
    package var preparesBatchStatements: Bool

    package init(
        poolSize: Int = 10, minimumIdle: Int = 1, idleTimeout: Duration? = .seconds(60),
        acquireTimeout: Duration? = nil, defaultConnectTimeout: Int = 10,
        applicationName: String = "swift-storage", retryPolicy: SQLRetryPolicy = SQLRetryPolicy(),
        preparesBatchStatements: Bool = true
    ) {
        self.poolSize = max(1, poolSize)
        self.minimumIdle = min(max(0, minimumIdle), self.poolSize)
        self.idleTimeout = idleTimeout.map { max($0, .milliseconds(100)) }
        self.acquireTimeout = acquireTimeout.map { max($0, .zero) }
        self.defaultConnectTimeout = max(1, defaultConnectTimeout)
        self.applicationName = applicationName
        self.retryPolicy = retryPolicy
        self.preparesBatchStatements = preparesBatchStatements
    }

    /// The URL query parameter that sets ``preparesBatchStatements``
    /// (`on`/`off`, `true`/`false`, `1`/`0`); libpq itself refuses parameters
    /// it does not know, so it is taken out before the URL reaches libpq.
    package static let preparedStatementsParameter = "prepared_statements"

    /// Applies the parameters of a `postgres://` URL that libpq does not know
    /// (``preparedStatementsParameter``) and returns the URL without them.
    ///
    /// - Throws: ``StorageError/Code/invalidConfiguration`` for a value that is
    ///   not a boolean.
    func applyingParameters(of connectionString: String) throws -> (connectionString: String, options: Self) {
        let lowered = connectionString.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://"),
            let question = connectionString.firstIndex(of: "?")
        else { return (connectionString, self) }
        var options = self
        var kept: [Substring] = []
        for item in connectionString[connectionString.index(after: question)...].split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first.map(String.init)?.lowercased() == Self.preparedStatementsParameter else {
                kept.append(item)
                continue
            }
            switch parts.count == 2 ? parts[1].lowercased() : "" {
            case "on", "true", "1", "yes": options.preparesBatchStatements = true
            case "off", "false", "0", "no": options.preparesBatchStatements = false
            default:
                throw StorageError(
                    .invalidConfiguration, "\(Self.preparedStatementsParameter) in the database URL must be on or off")
            }
        }
        let base = connectionString[..<question]
        return ((kept.isEmpty ? String(base) : base + "?" + kept.joined(separator: "&")), options)
    }
}
