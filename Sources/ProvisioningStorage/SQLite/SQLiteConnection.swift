import CSQLite
import Foundation
import Synchronization

/// One SQLite connection, used by one thread at a time under its own lock.
///
/// Its statements run on the caller's thread: on a local file they are CPU work
/// of microseconds (WAL appends to the page cache; `synchronous=NORMAL` syncs only
/// at checkpoints), less than the two thread wake-ups a hop to a queue of its own
/// and back costs. Opened with `SQLITE_OPEN_NOMUTEX`: the lock already serializes
/// every call on the handle, and the pool leases it to one task at a time.
final class SQLiteConnection: BlockingConnection, @unchecked Sendable {
    private let handle: OpaquePointer
    // Touched only under `lock`.
    private let statements: SQLiteStatementCache
    /// Held around every use of `handle` and `statements`: the pool leases the
    /// connection to one task, but that task's child tasks may share a
    /// transaction's handle.
    private let lock = Mutex(())
    /// The writer's background checkpointer, kept alive while its WAL hook is installed.
    private let checkpointer: SQLiteCheckpointer?

    /// `SQLITE_TRANSIENT`: SQLite copies bound bytes before the bind call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private init(handle: OpaquePointer, cacheCapacity: Int, checkpointer: SQLiteCheckpointer?) {
        self.handle = handle
        self.checkpointer = checkpointer
        self.statements = SQLiteStatementCache(capacity: cacheCapacity)
    }

    deinit {
        statements.finalizeAll()
        sqlite3_close_v2(handle)
    }

    enum Role {
        case writer
        case reader
    }

    func perform<T: Sendable>(_ work: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try lock.withLock { _ in try work(self) }
    }

    /// Opens `filename` (a path, or `:memory:`) and applies the pragmas of its role;
    /// a writer given a `checkpointer` leaves its log's checkpoints to it.
    static func open(
        filename: String, role: Role, options: SQLiteOptions, checkpointer: SQLiteCheckpointer? = nil
    ) throws -> SQLiteConnection {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        flags |= role == .writer ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READONLY
        var pointer: OpaquePointer?
        let status = sqlite3_open_v2(filename, &pointer, flags, nil)
        guard let handle = pointer else {
            throw StorageError(.connectionFailure, "cannot allocate an SQLite connection", sqliteCode: status)
        }
        guard status == SQLITE_OK else {
            let error = SQLiteConnection.error(status, handle: handle, preparing: false)
            sqlite3_close_v2(handle)
            throw StorageError(
                .connectionFailure, "cannot open the SQLite database: \(error.detail)", sqliteCode: error.sqliteCode)
        }
        sqlite3_extended_result_codes(handle, 1)
        let timeout = options.busyTimeout.components
        sqlite3_busy_timeout(
            handle, Int32(clamping: timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000))
        let connection = SQLiteConnection(
            handle: handle, cacheCapacity: options.statementCacheCapacity,
            checkpointer: role == .writer ? checkpointer : nil)
        switch role {
        case .writer:
            if filename != ":memory:" {
                let mode = try connection.queryBlocking("PRAGMA journal_mode=WAL", []).first?.values.first
                guard mode == .text("wal") else {
                    throw StorageError(.connectionFailure, "the SQLite database cannot use write-ahead logging")
                }
            }
            try connection.executeScriptBlocking(
                """
                PRAGMA foreign_keys=ON; PRAGMA synchronous=\(options.synchronous.rawValue);
                PRAGMA wal_autocheckpoint=\(options.walAutocheckpointPages);
                """)
            // After the pragma: the hook replaces the automatic checkpoint it installs.
            try checkpointer?.observe(writer: handle)
        case .reader:
            try connection.executeScriptBlocking("PRAGMA query_only=ON;")
        }
        return connection
    }

    /// Whether the connection is outside any transaction.
    var isInAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    func executeBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> Int {
        try run(sql, bindings, collectingRows: false).changes
    }

    func queryBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> [SQLRow] {
        try run(sql, bindings, collectingRows: true).rows
    }

    /// Runs a query on a read-only connection, or answers `nil` without running
    /// it for a statement that writes (an `INSERT … RETURNING`), as SQLite
    /// itself reports it: the caller runs that one on the writer instead.
    func queryIfReadOnly(_ sql: String, _ bindings: [SQLValue]) throws -> [SQLRow]? {
        guard sqlite3_stmt_readonly(try statement(for: sql).statement) != 0 else { return nil }
        return try run(sql, bindings, collectingRows: true).rows
    }

    func executeScriptBlocking(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw Self.error(status, handle: handle, preparing: false) }
    }

    private func run(
        _ sql: String, _ bindings: [SQLValue], collectingRows: Bool
    ) throws -> (
        rows: [SQLRow], changes: Int
    ) {
        let entry = try statement(for: sql)
        let statement = entry.statement
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == bindings.count else {
            throw StorageError(.misuse, "the statement takes \(expected) bindings, \(bindings.count) given")
        }
        for (offset, value) in bindings.enumerated() {
            let status = bind(value, at: Int32(offset + 1), in: statement)
            guard status == SQLITE_OK else { throw Self.error(status, handle: handle, preparing: false) }
        }
        var rows: [SQLRow] = []
        let columnCount = sqlite3_column_count(statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw Self.error(status, handle: handle, preparing: false) }
            if collectingRows {
                var values: [SQLValue] = []
                values.reserveCapacity(Int(columnCount))
                for column in 0..<columnCount { values.append(value(at: column, in: statement)) }
                rows.append(SQLRow(layout: entry.layout, values: values))
            }
        }
        let changes = entry.changesRows ? Int(sqlite3_changes64(handle)) : 0
        return (rows, changes)
    }

    private func statement(for sql: String) throws -> SQLiteStatementCache.Entry {
        if let cached = statements.lookup(sql) { return cached }
        var pointer: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let status = sql.withCString { text in
            let result = sqlite3_prepare_v3(
                handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, &tail)
            // Only whitespace and semicolons may follow the first statement.
            if result == SQLITE_OK, let rest = tail, Self.hasMoreStatements(rest) {
                return SQLITE_MISUSE
            }
            return result
        }
        if status == SQLITE_MISUSE {
            sqlite3_finalize(pointer)
            throw StorageError(.misuse, "execute and query take one statement; use executeScript for several")
        }
        guard status == SQLITE_OK else { throw Self.error(status, handle: handle, preparing: true) }
        guard let statement = pointer else {
            throw StorageError(.syntax, "the SQL text holds no statement")
        }
        let columnCount = sqlite3_column_count(statement)
        let names = (0..<columnCount).map { column in
            sqlite3_column_name(statement, column).map { String(cString: $0) } ?? "?column\(column)?"
        }
        return statements.insert(
            sql, statement: statement, layout: SQLColumnLayout(names: names),
            changesRows: sqlite3_stmt_readonly(statement) == 0 && Self.isDataChange(sql))
    }

    private static func hasMoreStatements(_ tail: UnsafePointer<CChar>) -> Bool {
        var cursor = tail
        while cursor.pointee != 0 {
            switch UInt8(bitPattern: cursor.pointee) {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ";"):
                cursor += 1
            default:
                return true
            }
        }
        return false
    }

    /// Whether the statement is an INSERT, UPDATE, DELETE or REPLACE (possibly after a
    /// `WITH` clause), the statements `sqlite3_changes64` reports on: after DDL it
    /// still holds the previous statement's count.
    private static func isDataChange(_ sql: String) -> Bool {
        let keyword = sql.drop(while: { $0.isWhitespace || $0 == "(" }).prefix(while: { $0.isLetter }).lowercased()
        return ["insert", "update", "delete", "replace", "with"].contains(keyword)
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let integer):
            return sqlite3_bind_int64(statement, index, integer)
        case .bool(let flag):
            return sqlite3_bind_int64(statement, index, flag ? 1 : 0)
        case .double(let number):
            return sqlite3_bind_double(statement, index, number)
        case .text(let text):
            return bindText(text, at: index, in: statement)
        case .timestamp(let date):
            return bindText(TimestampText.format(date), at: index, in: statement)
        case .blob(let bytes):
            if bytes.isEmpty { return sqlite3_bind_zeroblob(statement, index, 0) }
            return bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(statement, index, buffer.baseAddress, UInt64(buffer.count), Self.transient)
            }
        }
    }

    private func bindText(_ text: String, at index: Int32, in statement: OpaquePointer) -> Int32 {
        // Explicit lengths keep NUL characters inside the text.
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(statement, index, "", 0, Self.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                sqlite3_bind_text64(
                    statement, index, characters, UInt64(buffer.count), Self.transient, UInt8(SQLITE_UTF8))
            }
        }
    }

    private func value(at column: Int32, in statement: OpaquePointer) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .double(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(statement, column) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }

    /// Maps an SQLite result code to a ``StorageError``. SQLite's messages name
    /// tables, columns and constraints, never bound values.
    static func error(_ status: Int32, handle: OpaquePointer, preparing: Bool) -> StorageError {
        let extended = sqlite3_extended_errcode(handle)
        let code = extended != SQLITE_OK ? extended : status
        let message = sqlite3_errmsg(handle).map { String(cString: $0) } ?? "SQLite error \(code)"
        let constraint = message.range(of: "constraint failed: ").map { String(message[$0.upperBound...]) }
        let kind: StorageError.Code
        switch code {
        case ExtendedCode.unique, ExtendedCode.primaryKey, ExtendedCode.rowID:
            kind = .uniqueViolation
        case ExtendedCode.foreignKey: kind = .foreignKeyViolation
        case ExtendedCode.notNull: kind = .notNullViolation
        case ExtendedCode.check: kind = .checkViolation
        default:
            switch code & 0xFF {
            case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
            case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_READONLY:
                kind = .connectionFailure
            case SQLITE_ERROR where preparing: kind = .syntax
            case SQLITE_MISUSE, SQLITE_RANGE: kind = .misuse
            case SQLITE_TOOBIG, SQLITE_MISMATCH: kind = .invalidValue
            default: kind = .other
            }
        }
        return StorageError(kind, message, constraint: constraint, sqliteCode: code)
    }

    /// Extended constraint codes: C macros built with `|`, which Swift does not import.
    private enum ExtendedCode {
        static let check = SQLITE_CONSTRAINT | (1 << 8)
        static let foreignKey = SQLITE_CONSTRAINT | (3 << 8)
        static let notNull = SQLITE_CONSTRAINT | (5 << 8)
        static let primaryKey = SQLITE_CONSTRAINT | (6 << 8)
        static let unique = SQLITE_CONSTRAINT | (8 << 8)
        static let rowID = SQLITE_CONSTRAINT | (10 << 8)
    }
}
