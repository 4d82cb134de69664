import Synchronization

/// Something started once per test process on first use (a shared server, a
/// PostgreSQL cluster, the sandbox template): every caller awaits the same
/// start, holding no thread while it runs.
package final class SharedStart<Value: Sendable>: Sendable {
    private let start: @Sendable () async throws -> Value
    private let task = Mutex<Task<Value, any Error>?>(nil)

    package init(_ start: @escaping @Sendable () async throws -> Value) {
        self.start = start
    }

    /// The started value; the first call starts it.
    package func value() async throws -> Value {
        let running = task.withLock { task in
            if let task { return task }
            let started = Task { try await start() }
            task = started
            return started
        }
        return try await running.value
    }
}
