import Synchronization

/// The ``SQLExecutor`` given to a transaction's body: one leased connection, valid
/// until the transaction ends.
final class TransactionHandle<Connection: BlockingConnection>: SQLExecutor {
    let dialect: SQLDialect
    private let connection: Connection
    private let state = Mutex(State())

    private struct State {
        var isOpen = true
        /// The first database error inside the transaction: PostgreSQL refuses every
        /// later statement, so a body that swallowed it still fails with the cause.
        var firstError: StorageError?
    }

    init(connection: Connection, dialect: SQLDialect) {
        self.connection = connection
        self.dialect = dialect
    }

    /// The first database error seen, if the body caught it.
    var firstError: StorageError? { state.withLock { $0.firstError } }

    /// Makes later calls throw: the transaction is over.
    func end() {
        state.withLock { $0.isOpen = false }
    }

    func execute(_ sql: String, _ bindings: [SQLValue]) async throws -> Int {
        try ensureOpen()
        return try await recordingError { try await connection.execute(sql, bindings) }
    }

    func query(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow] {
        try ensureOpen()
        return try await recordingError { try await connection.query(sql, bindings) }
    }

    func executeScript(_ sql: String) async throws {
        try ensureOpen()
        try await recordingError { try await connection.executeScript(sql) }
    }

    private func ensureOpen() throws {
        guard state.withLock({ $0.isOpen }) else {
            throw StorageError(.misuse, "a transaction handle was used after its transaction ended")
        }
    }

    private func recordingError<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as StorageError {
            state.withLock { if $0.firstError == nil { $0.firstError = error } }
            throw error
        }
    }
}
