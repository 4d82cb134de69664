import ProvisioningPrimitives

/// An error raised by ``Storage``.
///
/// Every error carries a stable, extensible ``Code`` so callers can react to the
/// kind of failure (for example map ``Code/uniqueViolation`` to HTTP 409 and
/// ``Code/connectionFailure`` to HTTP 503) without parsing messages.
///
/// The ``detail`` names what failed — a constraint, a column, an SQLSTATE — and
/// never contains bound parameter values, which may be secrets. Messages from
/// PostgreSQL are included only for error classes whose primary message carries
/// no data (constraints, syntax, connection, transaction state); the `DETAIL`
/// field, which repeats offending values, is never read.
///
/// ```swift
/// do {
///     try await db.execute("INSERT INTO users (email) VALUES (?)", [.text(email)])
/// } catch let error as StorageError where error.code == .uniqueViolation {
///     // already registered
/// }
/// ```
package struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A `UNIQUE` or `PRIMARY KEY` constraint rejected the row.
        package static let uniqueViolation = Code(rawValue: "unique-violation")
        /// A `FOREIGN KEY` constraint rejected the change.
        package static let foreignKeyViolation = Code(rawValue: "foreign-key-violation")
        /// A `NOT NULL` column received `NULL`.
        package static let notNullViolation = Code(rawValue: "not-null-violation")
        /// A `CHECK` constraint rejected the row.
        package static let checkViolation = Code(rawValue: "check-violation")
        /// SQLite stayed locked by another connection (`SQLITE_BUSY`/`SQLITE_LOCKED`)
        /// after the busy timeout and every retry.
        package static let busy = Code(rawValue: "busy")
        /// PostgreSQL aborted the transaction (serialization failure 40001 or deadlock
        /// 40P01) on every attempt.
        package static let serializationFailure = Code(rawValue: "serialization-failure")
        /// The database cannot be reached, the connection broke, or the file cannot be
        /// opened. Usually temporary: a service answers 503.
        package static let connectionFailure = Code(rawValue: "connection-failure")
        /// No pooled connection became free within the pool's acquire timeout
        /// (``PostgresOptions/acquireTimeout``): every connection was busy and the
        /// server would take no more. Temporary: a service answers 503.
        package static let poolTimeout = Code(rawValue: "pool-timeout")
        /// The SQL text is invalid, or names a table or column that does not exist.
        package static let syntax = Code(rawValue: "syntax")
        /// A row value is missing or of another type than the one asked for.
        package static let decoding = Code(rawValue: "decoding")
        /// The API was used in a way it does not allow: wrong number of bindings, a
        /// transaction handle used after its transaction ended, a nested transaction.
        package static let misuse = Code(rawValue: "misuse")
        /// A bound value cannot be represented by the database (for example a NUL
        /// character in PostgreSQL text).
        package static let invalidValue = Code(rawValue: "invalid-value")
        /// A database URL or option is not valid.
        package static let invalidConfiguration = Code(rawValue: "invalid-configuration")
        /// The migration list is inconsistent (for example two migrations share a version).
        package static let migration = Code(rawValue: "migration")
        /// Any other database error; ``StorageError/sqlState`` or
        /// ``StorageError/sqliteCode`` tells which.
        package static let other = Code(rawValue: "other")
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation without bound values.
    package let detail: String
    /// The constraint involved, when the database names it: the PostgreSQL constraint
    /// name, or SQLite's `table.column` list / `CHECK` constraint name.
    package let constraint: String?
    /// The PostgreSQL SQLSTATE, when the error came from PostgreSQL.
    package let sqlState: String?
    /// The extended SQLite result code, when the error came from SQLite.
    package let sqliteCode: Int32?
    /// Which statement of an ``SQLDatabase/executeAtomically(_:)`` batch failed
    /// (from 0); `nil` outside batches.
    package var statementIndex: Int?

    package init(
        _ code: Code, _ detail: String, constraint: String? = nil, sqlState: String? = nil,
        sqliteCode: Int32? = nil
    ) {
        self.code = code
        self.detail = detail
        self.constraint = constraint
        self.sqlState = sqlState
        self.sqliteCode = sqliteCode
    }

    /// Whether running the whole transaction again may succeed (``Code/busy`` and
    /// ``Code/serializationFailure``). ``SQLDatabase/transaction(_:)`` already retries
    /// these a bounded number of times.
    package var isRetryable: Bool { code == .busy || code == .serializationFailure }

    /// Whether the failure lies with the database or the way to it rather than
    /// with the statement, so the same request may well succeed later: a
    /// connection that failed or could not be had in time, a conflict retried
    /// to the limit, and these PostgreSQL SQLSTATEs — class 08 (connection),
    /// 40 (rollbacks), 53 (insufficient resources, `too many connections`), 57
    /// (shutdown, cancellation, `statement_timeout`), 58 (system I/O), 55P03
    /// (lock not available), 25006 (a read-only server: a fail-over in
    /// progress), 26000 and 42P05 (prepared statements lost or doubled by a
    /// pooler in transaction mode).
    ///
    /// A service answers these with 503 and `Retry-After`; anything else from
    /// the database is a bug or a schema mismatch (500).
    ///
    /// ```swift
    /// catch let error as StorageError where error.isTemporary { return .serviceUnavailable }
    /// ```
    package var isTemporary: Bool {
        if code == .connectionFailure || code == .poolTimeout || isRetryable { return true }
        guard let sqlState else { return false }
        switch sqlState.prefix(2) {
        case "08", "40", "53", "57", "58": return true
        default: return ["55P03", "25006", "26000", "42P05"].contains(sqlState)
        }
    }

    package var description: String {
        var text = "\(code): \(detail)"
        if let constraint { text += " [constraint \(constraint)]" }
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        if let sqliteCode { text += " [sqlite \(sqliteCode)]" }
        if let statementIndex { text += " [statement \(statementIndex)]" }
        return text
    }
}
