/// A ``SQLDatabase`` on PostgreSQL through libpq, with a bounded connection pool.
///
/// Each connection has its own dispatch queue for libpq's blocking calls. When a
/// connection breaks (the server restarted, the network dropped), the call that
/// met it fails with ``StorageError/Code/connectionFailure``, the connection is
/// discarded, and later calls open a fresh one. Idle connections that the server
/// closed — the `FATAL` it sends on a restart, the end of the stream — are found
/// before they are handed out, so after a restart no call fails on a stale one.
/// A call finding the pool empty while the server refuses more connections
/// (`max_connections`) waits for a connection to come back, up to
/// ``PostgresOptions/acquireTimeout``. Every connection runs with `TimeZone` UTC.
///
/// Why stale connections are found before use rather than retried: libpq
/// reports a write to a closed socket only when it reads the answer, so a call
/// cannot tell "never sent" from "sent, maybe committed, answer lost", and
/// only the first may be retried safely.
///
/// ```swift
/// let db = try await PostgresDatabase.connect("postgres://tpc@db.internal/tpc?sslmode=verify-full")
/// let rows = try await db.query("SELECT id FROM items WHERE owner = ?", [.init(owner)])
/// ```
package final class PostgresDatabase: SQLDatabase {
    package var dialect: SQLDialect { .postgres }
    private let options: PostgresOptions
    private let pool: ConnectionPool<PostgresConnection>

    private init(connectionString: String, options: PostgresOptions) {
        self.options = options
        pool = ConnectionPool(
            configuration: .init(
                capacity: options.poolSize, minimumIdle: options.minimumIdle, idleTimeout: options.idleTimeout,
                acquireTimeout: options.acquireTimeout),
            factory: { try await PostgresConnection.connect(connectionString, options: options) },
            isUsable: { $0.isAlive && $0.isAtRest })
    }

    /// Connects to the server named by a libpq connection string: a
    /// `postgres://`/`postgresql://` URL or `key=value` pairs. One connection opens
    /// now, so a wrong address or password fails here; the rest open on demand.
    ///
    /// A URL may carry `prepared_statements=off` (or `on`), which sets
    /// ``PostgresOptions/preparesBatchStatements`` and is removed before libpq
    /// sees the URL; every other parameter goes to libpq as it is. The password
    /// can stay out of the string: libpq reads `PGPASSWORD`, and `PGPASSFILE`
    /// (or `~/.pgpass`, or `passfile=` in the string) names a password file.
    ///
    /// - Throws: ``StorageError/Code/connectionFailure`` when the server cannot be
    ///   reached or refuses the login; ``StorageError/Code/invalidConfiguration``
    ///   for a `prepared_statements` value other than on or off.
    package static func connect(
        _ connectionString: String, options: PostgresOptions = PostgresOptions()
    ) async throws
        -> PostgresDatabase
    {
        let (connectionString, options) = try options.applyingParameters(of: connectionString)
        let database = PostgresDatabase(connectionString: connectionString, options: options)
        do {
            let connection = try await database.pool.acquire()
            database.pool.release(connection, reusable: true)
        } catch {
            database.pool.close()
            throw error
        }
        return database
    }

    package func execute(_ sql: String, _ bindings: [SQLValue]) async throws -> Int {
        try TransactionScope.ensureOutside(self)
        return try await options.retryPolicy.run {
            try await withConnection { try await $0.execute(sql, bindings) }
        }
    }

    package func query(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow] {
        try TransactionScope.ensureOutside(self)
        return try await options.retryPolicy.run {
            try await withConnection { try await $0.query(sql, bindings) }
        }
    }

    package func executeScript(_ sql: String) async throws {
        try TransactionScope.ensureOutside(self)
        try await options.retryPolicy.run {
            try await withConnection { try await $0.executeScript(sql) }
        }
    }

    @discardableResult
    package func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try TransactionScope.ensureOutside(self)
        return try await options.retryPolicy.run {
            try await withConnection { connection in
                // The body runs on the connection's queue, its statements inline
                // there (see ConnectionQueueExecutor).
                try await withTaskExecutorPreference(ConnectionQueueExecutor(queue: connection.queue)) {
                    try await transaction(on: connection, body)
                }
            }
        }
    }

    /// One round trip for the whole batch: a pipeline ending in one sync, which the
    /// server runs as a single implicit transaction.
    @discardableResult
    package func executeAtomically(_ statements: [SQLStatement]) async throws -> [Int] {
        try TransactionScope.ensureOutside(self)
        guard !statements.isEmpty else { return [] }
        return try await options.retryPolicy.run {
            try await withConnection { connection in
                try await connection.perform { try $0.executePipelineBlocking(statements) }
            }
        }
    }

    private func transaction<T: Sendable>(
        on connection: PostgresConnection, _ body: @Sendable (any SQLExecutor) async throws -> T
    ) async throws -> T {
        try await connection.executeScript("BEGIN")
        let handle = TransactionHandle(connection: connection, dialect: .postgres)
        do {
            let result = try await TransactionScope.inside(self) { try await body(handle) }
            handle.end()
            try await connection.perform { connection in
                // COMMIT of an aborted transaction "succeeds" as a ROLLBACK:
                // report the error the body swallowed instead.
                if connection.isTransactionFailed {
                    throw handle.firstError
                        ?? StorageError(.other, "the transaction was aborted by an earlier error")
                }
                try connection.executeScriptBlocking("COMMIT")
            }
            return result
        } catch {
            handle.end()
            try? await connection.perform { connection in
                if !connection.isReusable { try connection.executeScriptBlocking("ROLLBACK") }
            }
            throw error
        }
    }

    package func close() async {
        pool.close()
    }

    /// The pool's connections, waiters and counts, for metrics.
    package var poolStatistics: ConnectionPoolStatistics { pool.statistics }

    private func withConnection<T: Sendable>(_ work: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await pool.acquire()
        do {
            let result = try await work(connection)
            pool.release(connection, reusable: connection.isReusable)
            return result
        } catch {
            pool.release(connection, reusable: connection.isReusable)
            throw error
        }
    }
}
