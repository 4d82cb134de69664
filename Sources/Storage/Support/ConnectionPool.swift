/// A bounded pool of connections, created on demand, handed to one task at a time.
///
/// When every connection is leased, callers wait in FIFO order. A connection that
/// broke is given back with `reusable: false`: it is dropped and its slot lets the
/// next waiter open a fresh one, so the pool recovers after a server restart.
actor ConnectionPool<Connection: Sendable & AnyObject> {
    typealias Factory = @Sendable () async throws -> Connection

    private enum Grant {
        case connection(Connection)
        case openSlot
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Grant, any Error>
    }

    private let capacity: Int
    private let factory: Factory
    /// Checks an idle connection before it is handed out again (cheap, non-blocking).
    private let isUsable: @Sendable (Connection) -> Bool
    private let dispose: @Sendable (Connection) -> Void
    private var idle: [Connection] = []
    private var opened = 0
    private var waiters: [Waiter] = []
    private var nextWaiterID: UInt64 = 0
    private var isClosed = false

    init(
        capacity: Int, factory: @escaping Factory, isUsable: @escaping @Sendable (Connection) -> Bool = { _ in true },
        dispose: @escaping @Sendable (Connection) -> Void = { _ in }
    ) {
        self.capacity = max(1, capacity)
        self.factory = factory
        self.isUsable = isUsable
        self.dispose = dispose
    }

    /// Leases a connection: an idle one, a new one while under capacity, or the next
    /// one given back.
    ///
    /// - Throws: ``StorageError/Code/connectionFailure`` when the pool is closed or a
    ///   new connection cannot be opened; `CancellationError` when cancelled while
    ///   waiting.
    func acquire() async throws -> Connection {
        try ensureOpen()
        while let connection = idle.popLast() {
            if isUsable(connection) { return connection }
            opened -= 1
            dispose(connection)
        }
        if opened < capacity {
            opened += 1
            return try await openConnection()
        }
        switch try await waitForGrant() {
        case .connection(let connection): return connection
        case .openSlot: return try await openConnection()
        }
    }

    /// Gives a leased connection back; `reusable: false` drops it.
    func release(_ connection: Connection, reusable: Bool) {
        if reusable && !isClosed {
            if !waiters.isEmpty {
                waiters.removeFirst().continuation.resume(returning: .connection(connection))
            } else {
                idle.append(connection)
            }
            return
        }
        opened -= 1
        dispose(connection)
        grantSlotToWaiter()
    }

    /// Closes idle connections and refuses new leases; leased ones close when released.
    func close() {
        isClosed = true
        let closing = idle
        idle.removeAll()
        opened -= closing.count
        for connection in closing { dispose(connection) }
        let pending = waiters
        waiters.removeAll()
        for waiter in pending {
            waiter.continuation.resume(throwing: StorageError(.connectionFailure, "the database was closed"))
        }
    }

    private func ensureOpen() throws {
        if isClosed { throw StorageError(.connectionFailure, "the database was closed") }
    }

    /// Opens a connection for a slot already counted in `opened`.
    private func openConnection() async throws -> Connection {
        do {
            return try await factory()
        } catch {
            opened -= 1
            // The slot is free again: a waiter may succeed where this attempt failed.
            grantSlotToWaiter()
            throw error
        }
    }

    private func grantSlotToWaiter() {
        guard !waiters.isEmpty, opened < capacity else { return }
        opened += 1
        waiters.removeFirst().continuation.resume(returning: .openSlot)
    }

    private func waitForGrant() async throws -> Grant {
        let id = nextWaiterID
        nextWaiterID += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}
