/// Runs SQL statements: a database, or the handle of an open transaction.
///
/// Write placeholders as `?`, one per bound value, in order. SQLite takes them as
/// they are; the PostgreSQL driver rewrites them to `$1…$n`, skipping `?` inside
/// quoted strings, quoted identifiers, dollar-quoted strings and comments (so
/// PostgreSQL's JSON operators `?`, `?|`, `?&` are not available: use
/// `jsonb_exists`). A statement may instead use `$1…$n` throughout, which both
/// databases accept; mixing the two forms is a ``StorageError/Code/misuse`` error.
///
/// Values are always bound, never spliced into the SQL text.
package protocol SQLExecutor: Sendable {
    /// The dialect of the database behind this executor.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns the number of rows it inserted, updated or
    /// deleted (0 for other statements).
    ///
    /// - Throws: ``StorageError`` — for example ``StorageError/Code/uniqueViolation``.
    @discardableResult
    func execute(_ sql: String, _ bindings: [SQLValue]) async throws -> Int

    /// Runs one statement and returns all the rows it produced (a `SELECT`, or a
    /// write with `RETURNING`).
    ///
    /// - Throws: ``StorageError``.
    func query(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow]

    /// Runs several `;`-separated statements without bindings, as migrations need.
    ///
    /// - Throws: ``StorageError``.
    func executeScript(_ sql: String) async throws
}

/// A SQL database: SQLite or PostgreSQL behind one asynchronous API.
///
/// Open one with ``Database/open(url:sqlite:postgres:)``. Statements outside a
/// transaction run in autocommit mode; reads may run on a separate read-only
/// connection. Group statements that must succeed or fail together in
/// ``transaction(_:)``:
///
/// ```swift
/// let db = try await Database.open(url: "sqlite:/var/lib/tpc/tpc.sqlite")
/// let newBalance = try await db.transaction { tx in
///     try await tx.execute("UPDATE accounts SET balance = balance - ? WHERE id = ?", [.init(amount), .init(id)])
///     return try await tx.queryFirst("SELECT balance FROM accounts WHERE id = ?", [.init(id)])?
///         .decode(Int64.self, column: "balance")
/// }
/// ```
///
/// Calls that wait on the network never hold a thread of Swift's cooperative
/// pool: each PostgreSQL connection has its own serial dispatch queue. SQLite's
/// calls, CPU work of microseconds on a local file, run on the caller's thread
/// (see ``SQLiteDatabase`` for the waits that can hold it).
package protocol SQLDatabase: SQLExecutor {
    /// Runs `body` in a transaction on one connection.
    ///
    /// The transaction commits when `body` returns and rolls back when it throws.
    /// When the database reports a transient conflict (SQLite `SQLITE_BUSY` or
    /// `SQLITE_LOCKED`, PostgreSQL serialization failure 40001 or deadlock 40P01),
    /// the transaction is rolled back and `body` runs again, a bounded number of
    /// times with a randomized backoff: keep `body` free of side effects outside the
    /// database. Use only the handle passed to `body` inside it; using the database
    /// itself there, or the handle after the transaction ended, throws
    /// ``StorageError/Code/misuse``.
    ///
    /// On SQLite transactions are serialized through the single writer connection
    /// (`BEGIN IMMEDIATE`); on PostgreSQL they use the server's default isolation
    /// (`READ COMMITTED` unless configured otherwise).
    ///
    /// - Throws: whatever `body` throws, ``StorageError/Code/busy`` or
    ///   ``StorageError/Code/serializationFailure`` when every attempt conflicted, or
    ///   another ``StorageError``.
    @discardableResult
    func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T

    /// Runs `statements` in order as one transaction and returns how many rows
    /// each one changed.
    ///
    /// For writes whose SQL is known up front, such as a request's inserts: on
    /// PostgreSQL the batch travels in one round trip (a pipeline ending in a
    /// single sync, which the server runs as one implicit transaction) instead of
    /// one per statement plus `BEGIN` and `COMMIT`; on SQLite it is one
    /// transaction on the writer. Transient conflicts are retried as for
    /// ``transaction(_:)``.
    ///
    /// ```swift
    /// try await db.executeAtomically([
    ///     SQLStatement("INSERT INTO used_codes (jti) VALUES (?)", [.text(jti)]),
    ///     SQLStatement("INSERT INTO audit (event) VALUES (?)", [.text("provision")]),
    /// ])
    /// ```
    ///
    /// - Throws: the first failing statement's ``StorageError``, with
    ///   ``StorageError/statementIndex`` telling which; nothing of the batch is
    ///   written then.
    @discardableResult
    func executeAtomically(_ statements: [SQLStatement]) async throws -> [Int]

    /// Closes every connection. Calls made afterwards throw
    /// ``StorageError/Code/connectionFailure``.
    func close() async
}

extension SQLExecutor {
    /// Runs one statement without bindings. See ``execute(_:_:)``.
    @discardableResult
    package func execute(_ sql: String) async throws -> Int {
        try await execute(sql, [])
    }

    /// Runs one query without bindings. See ``query(_:_:)``.
    package func query(_ sql: String) async throws -> [SQLRow] {
        try await query(sql, [])
    }

    /// Runs a query and returns its first row, or `nil` when it produced none.
    ///
    /// Add `LIMIT 1` when the query may match many rows: every row is read.
    package func queryFirst(_ sql: String, _ bindings: [SQLValue] = []) async throws -> SQLRow? {
        try await query(sql, bindings).first
    }
}

extension SQLDatabase {
    @discardableResult
    package func executeAtomically(_ statements: [SQLStatement]) async throws -> [Int] {
        try await transaction { transaction in
            var counts: [Int] = []
            counts.reserveCapacity(statements.count)
            for (index, statement) in statements.enumerated() {
                do {
                    counts.append(try await transaction.execute(statement.sql, statement.bindings))
                } catch var error as StorageError {
                    error.statementIndex = index
                    throw error
                }
            }
            return counts
        }
    }
}
