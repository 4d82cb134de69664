/// A driver connection whose calls block: SQLite and libpq.
///
/// Every call on the C handle goes through ``perform(_:)``, which keeps the handle
/// from being used by two threads at once; pools hand a connection to one task at
/// a time on top. Where the work runs is the connection's choice: SQLite's run on
/// the caller's thread (see ``SQLiteConnection``), libpq's on the connection's own
/// queue (see ``QueuedConnection``).
protocol BlockingConnection: AnyObject, Sendable {
    /// Runs `work` with exclusive use of the C handle and returns its result.
    func perform<T: Sendable>(_ work: @escaping @Sendable (Self) throws -> T) async throws -> T

    func executeBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> Int
    func queryBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> [SQLRow]
    func executeScriptBlocking(_ sql: String) throws
}

extension BlockingConnection {
    func execute(_ sql: String, _ bindings: [SQLValue]) async throws -> Int {
        try await perform { try $0.executeBlocking(sql, bindings) }
    }

    func query(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow] {
        try await perform { try $0.queryBlocking(sql, bindings) }
    }

    func executeScript(_ sql: String) async throws {
        try await perform { try $0.executeScriptBlocking(sql) }
    }
}
