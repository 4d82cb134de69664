import Dispatch

/// A driver connection whose calls block: SQLite and libpq.
///
/// Each connection owns a serial dispatch queue and is only touched on it, so the
/// C handle is never used from two threads at once and blocking calls never sit on
/// Swift's cooperative pool. Pools hand a connection to one task at a time on top.
protocol BlockingConnection: AnyObject, Sendable {
    /// The queue every call on the C handle runs on.
    var queue: DispatchQueue { get }

    func executeBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> Int
    func queryBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> [SQLRow]
    func executeScriptBlocking(_ sql: String) throws
}

extension BlockingConnection {
    /// Runs `work` on the connection's queue and resumes the caller with its result.
    ///
    /// A caller already on the queue — a transaction body running there through
    /// ``ConnectionQueueExecutor`` — holds the connection, so `work` runs at once
    /// instead of going round the queue and back for every statement.
    func perform<T: Sendable>(_ work: @escaping @Sendable (Self) throws -> T) async throws -> T {
        if ConnectionQueue.isCurrent(queue) { return try work(self) }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work(self) })
            }
        }
    }

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
