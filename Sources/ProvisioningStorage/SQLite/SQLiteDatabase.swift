/// A ``SQLDatabase`` on SQLite 3: a file in write-ahead-log mode, or in memory.
///
/// A file database has exactly one writer connection, which runs every
/// ``execute(_:_:)``, ``executeScript(_:)`` and ``transaction(_:)`` in turn, and a
/// small pool of read-only connections for ``query(_:_:)`` outside transactions
/// (WAL lets them read while the writer writes; a query that writes, such as
/// `INSERT … RETURNING`, is recognized by SQLite and sent to the writer). An in-memory database has a
/// single connection for everything, since each in-memory connection is its own
/// database. Every connection sets `foreign_keys=ON` and a busy timeout; the
/// writer sets `journal_mode=WAL` and the configured `synchronous` level.
///
/// Statements run on the calling task's thread, with no hop to another thread
/// and back (see `SQLiteConnection`). Waits on the disk or on other processes
/// then hold that thread: the busy timeout, when another process holds the
/// file's write lock; with ``SQLiteOptions/Synchronous/full``, an `fsync` at every
/// commit; and the `fsync`s of a WAL checkpoint. With
/// ``SQLiteOptions/checkpointsInBackground`` (the default) a thread of the
/// database's own copies the log while commits go on, and a commit copies only
/// the pages written meanwhile; without it, a commit copies the whole log once
/// it holds ``SQLiteOptions/walAutocheckpointPages`` pages. Several servers
/// sharing one database belong on PostgreSQL.
///
/// ```swift
/// let db = try await SQLiteDatabase.open(path: "/var/lib/tpc/tpc.sqlite")
/// try await db.execute("INSERT INTO kv (key, value) VALUES (?, ?)", ["greeting", "hello"])
/// ```
package final class SQLiteDatabase: SQLDatabase {
    package var dialect: SQLDialect { .sqlite }
    /// The database file, or `:memory:`.
    package let path: String
    private let options: SQLiteOptions
    private let writer: ConnectionPool<SQLiteConnection>
    private let checkpointer: SQLiteCheckpointer?
    /// `nil` for an in-memory database: reads go through the writer.
    private let readers: ConnectionPool<SQLiteConnection>?

    private init(path: String, options: SQLiteOptions) {
        self.path = path
        self.options = options
        let isMemory = path == ":memory:"
        let checkpointer =
            isMemory || !options.checkpointsInBackground ? nil : SQLiteCheckpointer(filename: path, options: options)
        self.checkpointer = checkpointer
        writer = ConnectionPool(capacity: 1) {
            try SQLiteConnection.open(filename: path, role: .writer, options: options, checkpointer: checkpointer)
        }
        readers =
            isMemory
            ? nil
            : ConnectionPool(capacity: options.readerCount) {
                try SQLiteConnection.open(filename: path, role: .reader, options: options)
            }
    }

    /// Opens (creating if needed) the database file at `path`.
    ///
    /// - Throws: ``StorageError/Code/connectionFailure`` when the file cannot be
    ///   opened or cannot use write-ahead logging.
    package static func open(path: String, options: SQLiteOptions = SQLiteOptions()) async throws -> SQLiteDatabase {
        guard !path.isEmpty, path != ":memory:" else {
            throw StorageError(.invalidConfiguration, "an SQLite file path is required; use openInMemory")
        }
        let database = SQLiteDatabase(path: path, options: options)
        try await database.warmUp()
        return database
    }

    /// Opens a new, empty database that lives as long as this object.
    package static func openInMemory(options: SQLiteOptions = SQLiteOptions()) async throws -> SQLiteDatabase {
        let database = SQLiteDatabase(path: ":memory:", options: options)
        try await database.warmUp()
        return database
    }

    /// Opens the writer now, so a bad path fails here and the file is in WAL mode
    /// before any reader opens it.
    private func warmUp() async throws {
        let connection = try await writer.acquire()
        writer.release(connection, reusable: true)
    }

    package func execute(_ sql: String, _ bindings: [SQLValue]) async throws -> Int {
        try TransactionScope.ensureOutside(self)
        return try await options.retryPolicy.run {
            try await withConnection(writer) { try await $0.execute(sql, bindings) }
        }
    }

    package func query(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow] {
        try TransactionScope.ensureOutside(self)
        return try await options.retryPolicy.run {
            // INSERT … RETURNING and other writes that return rows go to the writer.
            if let readers {
                let rows = try await withConnection(readers) { reader in
                    try await reader.perform { try $0.queryIfReadOnly(sql, bindings) }
                }
                if let rows { return rows }
            }
            return try await withConnection(writer) { try await $0.query(sql, bindings) }
        }
    }

    package func executeScript(_ sql: String) async throws {
        try TransactionScope.ensureOutside(self)
        try await options.retryPolicy.run {
            try await withConnection(writer) { try await $0.executeScript(sql) }
        }
    }

    @discardableResult
    package func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try TransactionScope.ensureOutside(self)
        return try await options.retryPolicy.run {
            // The body runs where the caller runs, its statements inline (see
            // SQLiteConnection): holding the writer is what makes it exclusive.
            try await withConnection(writer) { connection in try await transaction(on: connection, body) }
        }
    }

    private func transaction<T: Sendable>(
        on connection: SQLiteConnection, _ body: @Sendable (any SQLExecutor) async throws -> T
    ) async throws -> T {
        // IMMEDIATE takes the write lock now: a deferred transaction that reads
        // first could fail to upgrade with SQLITE_BUSY halfway through.
        // Through the statement cache, not sqlite3_exec, which compiles the text
        // anew on every call: these run twice per transaction.
        _ = try await connection.execute("BEGIN IMMEDIATE", [])
        let handle = TransactionHandle(connection: connection, dialect: .sqlite)
        do {
            let result = try await TransactionScope.inside(self) { try await body(handle) }
            handle.end()
            _ = try await connection.execute("COMMIT", [])
            return result
        } catch {
            handle.end()
            try? await connection.perform { connection in
                if !connection.isInAutocommit { try connection.executeScriptBlocking("ROLLBACK") }
            }
            throw error
        }
    }

    package func close() async {
        writer.close()
        readers?.close()
        await checkpointer?.close()
    }

    /// What the background checkpointer has done since the database opened;
    /// `nil` when commits checkpoint (in memory, or
    /// ``SQLiteOptions/checkpointsInBackground`` off).
    package var checkpointStatistics: SQLiteCheckpointStatistics? { checkpointer?.statistics }

    /// The log's length after the last commit, in pages; `nil` as above.
    var logPages: Int? { checkpointer?.logPages }

    private func withConnection<T: Sendable>(
        _ pool: ConnectionPool<SQLiteConnection>, _ work: (SQLiteConnection) async throws -> T
    ) async throws -> T {
        let connection = try await pool.acquire()
        do {
            let result = try await work(connection)
            pool.release(connection, reusable: true)
            return result
        } catch {
            // A connection left inside a transaction would block every later writer.
            let clean = (try? await connection.perform { $0.isInAutocommit }) ?? false
            pool.release(connection, reusable: clean || path == ":memory:")
            throw error
        }
    }
}
