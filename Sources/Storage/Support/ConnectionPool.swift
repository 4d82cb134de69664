import Synchronization

/// A bounded pool of connections, created on demand, handed to one task at a time.
///
/// When every connection is leased, callers wait in FIFO order. A connection that
/// broke is given back with `reusable: false`: it is dropped and its slot lets the
/// next waiter open a fresh one, so the pool recovers after a server restart.
///
/// The bookkeeping sits behind a mutex rather than in an actor: leasing an idle
/// connection then never suspends the caller. As an actor, every lease and every
/// return was a hop to the actor's executor and back — two thread wake-ups per
/// statement or transaction on a loaded server, for a few dozen nanoseconds of
/// work under the lock.
final class ConnectionPool<Connection: Sendable & AnyObject>: Sendable {
    typealias Factory = @Sendable () async throws -> Connection

    private enum Grant {
        case connection(Connection)
        case openSlot
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Grant, any Error>
    }

    private struct State {
        var idle: [Connection] = []
        var opened = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var isClosed = false
    }

    private enum ReleaseOutcome {
        case handedOver(CheckedContinuation<Grant, any Error>)
        case idle
        case dropped(slotFor: CheckedContinuation<Grant, any Error>?)
    }

    private enum Lease {
        case connection(Connection)
        case open
        case wait
    }

    private let capacity: Int
    private let factory: Factory
    /// Checks an idle connection before it is handed out again (cheap, non-blocking).
    private let isUsable: @Sendable (Connection) -> Bool
    private let dispose: @Sendable (Connection) -> Void
    private let state = Mutex(State())

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
        var unusable: [Connection] = []
        let lease: Lease = try state.withLock { state in
            if state.isClosed { throw StorageError(.connectionFailure, "the database was closed") }
            while let connection = state.idle.popLast() {
                if isUsable(connection) { return .connection(connection) }
                state.opened -= 1
                unusable.append(connection)
            }
            if state.opened < capacity {
                state.opened += 1
                return .open
            }
            return .wait
        }
        // Outside the lock: disposing may close a socket or a file.
        for connection in unusable { dispose(connection) }
        switch lease {
        case .connection(let connection): return connection
        case .open: return try await openConnection()
        case .wait:
            switch try await waitForGrant() {
            case .connection(let connection): return connection
            case .openSlot: return try await openConnection()
            }
        }
    }

    /// Gives a leased connection back; `reusable: false` drops it.
    func release(_ connection: Connection, reusable: Bool) {
        let outcome: ReleaseOutcome = state.withLock { state in
            if reusable && !state.isClosed {
                if !state.waiters.isEmpty { return .handedOver(state.waiters.removeFirst().continuation) }
                state.idle.append(connection)
                return .idle
            }
            state.opened -= 1
            return .dropped(slotFor: Self.takeSlotWaiter(&state, capacity: capacity))
        }
        // Continuations resume outside the lock: resuming enqueues the waiter's task.
        switch outcome {
        case .handedOver(let continuation): continuation.resume(returning: .connection(connection))
        case .idle: break
        case .dropped(let waiter):
            dispose(connection)
            waiter?.resume(returning: .openSlot)
        }
    }

    /// Callers waiting for a connection now.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Closes idle connections and refuses new leases; leased ones close when released.
    func close() {
        let (closing, pending) = state.withLock { state in
            state.isClosed = true
            let closing = state.idle
            state.idle.removeAll()
            state.opened -= closing.count
            let pending = state.waiters
            state.waiters.removeAll()
            return (closing, pending)
        }
        for connection in closing { dispose(connection) }
        for waiter in pending {
            waiter.continuation.resume(throwing: StorageError(.connectionFailure, "the database was closed"))
        }
    }

    /// Opens a connection for a slot already counted in `opened`.
    private func openConnection() async throws -> Connection {
        do {
            return try await factory()
        } catch {
            // The slot is free again: a waiter may succeed where this attempt failed.
            let waiter = state.withLock { state in
                state.opened -= 1
                return Self.takeSlotWaiter(&state, capacity: capacity)
            }
            waiter?.resume(returning: .openSlot)
            throw error
        }
    }

    /// Counts a slot for the first waiter when one is free, and returns that waiter.
    private static func takeSlotWaiter(
        _ state: inout State, capacity: Int
    ) -> CheckedContinuation<Grant, any Error>? {
        guard !state.waiters.isEmpty, state.opened < capacity else { return nil }
        state.opened += 1
        return state.waiters.removeFirst().continuation
    }

    private func waitForGrant() async throws -> Grant {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Decided again under the lock: since `acquire` looked, a connection
                // may have come back or a slot freed (nobody was waiting for it), the
                // pool may have closed, or the task been cancelled — the cancellation
                // handler takes this lock too, so it either finds the waiter queued or
                // is seen here.
                let immediate: Result<Grant, any Error>? = state.withLock { state in
                    if state.isClosed {
                        return .failure(StorageError(.connectionFailure, "the database was closed"))
                    }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    // `acquire` emptied `idle`: anything here was given back since.
                    if let connection = state.idle.popLast() { return .success(.connection(connection)) }
                    if state.opened < capacity {
                        state.opened += 1
                        return .success(.openSlot)
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
