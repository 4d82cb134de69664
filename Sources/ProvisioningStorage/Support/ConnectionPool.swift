import Synchronization

/// A bounded pool of connections, created on demand, handed to one task at a time.
///
/// When every connection is leased, callers wait in FIFO order. A connection that
/// broke is given back with `reusable: false`: it is dropped and its slot lets the
/// next waiter open a fresh one, so the pool recovers after a server restart.
///
/// A connection that cannot be opened while others are out (a server at
/// `max_connections`, shared with other instances) does not fail the caller:
/// it waits for one of those to come back, and for the next
/// ``Configuration/openHoldoff`` new callers wait too instead of knocking at a
/// full server again. Only when nothing is out (the server is down) does the
/// open's error reach the caller at once. A wait is bounded by
/// ``Configuration/acquireTimeout`` (``StorageError/Code/poolTimeout``).
///
/// With an ``Configuration/idleTimeout``, a background task closes connections
/// idle for longer, down to ``Configuration/minimumIdle``, reopens up to that
/// many, and drops idle connections the server closed before a caller meets
/// them.
///
/// The bookkeeping sits behind a mutex rather than in an actor: leasing an idle
/// connection then never suspends the caller. As an actor, every lease and every
/// return was a hop to the actor's executor and back — two thread wake-ups per
/// statement or transaction on a loaded server, for a few dozen nanoseconds of
/// work under the lock.
final class ConnectionPool<Connection: Sendable & AnyObject>: Sendable {
    typealias Factory = @Sendable () async throws -> Connection

    /// Limits and timeouts.
    struct Configuration: Sendable {
        /// The most connections open at once.
        var capacity: Int
        /// Connections kept open however long they idle.
        var minimumIdle = 0
        /// How long a connection beyond ``minimumIdle`` may idle before it is
        /// closed; `nil` keeps every connection.
        var idleTimeout: Duration?
        /// The longest a caller waits for a connection; `nil` waits as long as it takes.
        var acquireTimeout: Duration?
        /// After an open failed while other connections were out, how long new
        /// callers wait for one of those instead of opening another.
        var openHoldoff: Duration = .milliseconds(500)

        init(
            capacity: Int, minimumIdle: Int = 0, idleTimeout: Duration? = nil, acquireTimeout: Duration? = nil
        ) {
            self.capacity = max(1, capacity)
            self.minimumIdle = min(max(0, minimumIdle), self.capacity)
            self.idleTimeout = idleTimeout
            self.acquireTimeout = acquireTimeout
        }
    }

    private enum Grant {
        case connection(Connection)
        case openSlot
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Grant, any Error>
    }

    private struct IdleConnection {
        let connection: Connection
        let since: ContinuousClock.Instant
    }

    private struct State {
        /// Oldest first: leases take the most recently returned, so the ones at
        /// the front are those the idle timeout closes.
        var idle: [IdleConnection] = []
        /// Connections open or being opened.
        var opened = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var isClosed = false
        /// Until then callers do not open connections while others are out.
        var holdoffUntil: ContinuousClock.Instant?
        var statistics: ConnectionPoolStatistics

        func mayOpen(capacity: Int, now: ContinuousClock.Instant) -> Bool {
            guard opened < capacity else { return false }
            guard opened > 0, let holdoffUntil else { return true }
            return now >= holdoffUntil
        }
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

    private let configuration: Configuration
    private var capacity: Int { configuration.capacity }
    private let factory: Factory
    /// Checks an idle connection before it is handed out again (cheap, non-blocking).
    private let isUsable: @Sendable (Connection) -> Bool
    private let dispose: @Sendable (Connection) -> Void
    private let state: Mutex<State>
    private let maintenance = Mutex<Task<Void, Never>?>(nil)
    private let clock = ContinuousClock()

    convenience init(
        capacity: Int, factory: @escaping Factory, isUsable: @escaping @Sendable (Connection) -> Bool = { _ in true },
        dispose: @escaping @Sendable (Connection) -> Void = { _ in }
    ) {
        self.init(
            configuration: Configuration(capacity: capacity), factory: factory, isUsable: isUsable, dispose: dispose)
    }

    init(
        configuration: Configuration, factory: @escaping Factory,
        isUsable: @escaping @Sendable (Connection) -> Bool = { _ in true },
        dispose: @escaping @Sendable (Connection) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.factory = factory
        self.isUsable = isUsable
        self.dispose = dispose
        state = Mutex(State(statistics: ConnectionPoolStatistics(maximumSize: configuration.capacity)))
        if configuration.idleTimeout != nil || configuration.minimumIdle > 0 { startMaintenance() }
    }

    deinit {
        maintenance.withLock { $0?.cancel() }
    }

    /// Leases a connection: an idle one, a new one while under capacity, or the next
    /// one given back.
    ///
    /// - Throws: ``StorageError/Code/connectionFailure`` when the pool is closed or a
    ///   new connection cannot be opened while none is out;
    ///   ``StorageError/Code/poolTimeout`` when none became free within the
    ///   acquire timeout; `CancellationError` when cancelled while waiting.
    func acquire() async throws -> Connection {
        let start = clock.now
        let deadline = configuration.acquireTimeout.map { start + $0 }
        var unusable: [Connection] = []
        var lease: Lease = try state.withLock { state in
            if state.isClosed { throw StorageError(.connectionFailure, "the database was closed") }
            while let entry = state.idle.popLast() {
                if isUsable(entry.connection) {
                    state.statistics.recordAcquire(waited: .zero)
                    return .connection(entry.connection)
                }
                state.opened -= 1
                state.statistics.staleConnectionsDropped += 1
                unusable.append(entry.connection)
            }
            if state.mayOpen(capacity: capacity, now: start) {
                state.opened += 1
                return .open
            }
            return .wait
        }
        // Outside the lock: disposing may close a socket or a file.
        for connection in unusable { dispose(connection) }
        while true {
            switch lease {
            case .connection(let connection):
                return connection
            case .open:
                if let connection = try await openConnection(deadline: deadline) {
                    record(since: start)
                    return connection
                }
                lease = .wait
            case .wait:
                switch try await waitForGrant(deadline: deadline) {
                case .connection(let connection):
                    record(since: start)
                    return connection
                case .openSlot:
                    lease = .open
                }
            }
        }
    }

    /// Gives a leased connection back; `reusable: false` drops it.
    func release(_ connection: Connection, reusable: Bool) {
        let now = clock.now
        let outcome: ReleaseOutcome = state.withLock { state in
            if reusable && !state.isClosed {
                if !state.waiters.isEmpty { return .handedOver(state.waiters.removeFirst().continuation) }
                state.idle.append(IdleConnection(connection: connection, since: now))
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

    /// What the pool holds now and its counts so far.
    var statistics: ConnectionPoolStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.open = state.opened
            statistics.idle = state.idle.count
            statistics.waiters = state.waiters.count
            return statistics
        }
    }

    /// Closes idle connections and refuses new leases; leased ones close when released.
    func close() {
        maintenance.withLock { task in
            task?.cancel()
            task = nil
        }
        let (closing, pending) = state.withLock { state in
            state.isClosed = true
            let closing = state.idle.map(\.connection)
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

    private func record(since start: ContinuousClock.Instant) {
        let waited = clock.now - start
        state.withLock { $0.statistics.recordAcquire(waited: waited) }
    }

    /// Opens a connection for a slot already counted in `opened`; `nil` when
    /// the open failed but other connections are out, so the caller should
    /// wait for one of them.
    private func openConnection(deadline: ContinuousClock.Instant?) async throws -> Connection? {
        do {
            return try await factory()
        } catch {
            let now = clock.now
            let (waits, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Grant, any Error>?) in
                state.opened -= 1
                state.statistics.failedOpens += 1
                if state.opened > 0, !state.isClosed, deadline.map({ now < $0 }) ?? true {
                    state.holdoffUntil = now + configuration.openHoldoff
                    return (true, nil)
                }
                // Nothing is out (the server is down, or this was the last
                // connection): the caller fails now, and the slot goes to a
                // waiter, whose attempt may succeed where this one failed.
                return (false, Self.takeSlotWaiter(&state, capacity: capacity))
            }
            waiter?.resume(returning: .openSlot)
            if waits { return nil }
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

    private func waitForGrant(deadline: ContinuousClock.Instant?) async throws -> Grant {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        let timer = deadline.map { deadline in
            Task.detached { [weak self] in
                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
                self?.expire(waiter: id)
            }
        }
        defer { timer?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Decided again under the lock: since `acquire` looked, a connection
                // may have come back or a slot freed (nobody was waiting for it), the
                // pool may have closed, or the task been cancelled — the cancellation
                // handler takes this lock too, so it either finds the waiter queued or
                // is seen here. The timer, too: it fires only once the deadline has
                // passed, which this check then sees.
                let now = clock.now
                let immediate: Result<Grant, any Error>? = state.withLock { state in
                    if state.isClosed {
                        return .failure(StorageError(.connectionFailure, "the database was closed"))
                    }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    // `acquire` emptied `idle`: anything here was given back since.
                    if let entry = state.idle.popLast() { return .success(.connection(entry.connection)) }
                    if state.mayOpen(capacity: capacity, now: now) {
                        state.opened += 1
                        return .success(.openSlot)
                    }
                    if let deadline, now >= deadline {
                        state.statistics.acquireTimeouts += 1
                        return .failure(timeoutError())
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

    /// Fails the waiter `id` with a timeout, if it still waits.
    private func expire(waiter id: UInt64) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            state.statistics.acquireTimeouts += 1
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(throwing: timeoutError())
    }

    private func timeoutError() -> StorageError {
        let limit = configuration.acquireTimeout.map { " within \($0)" } ?? ""
        return StorageError(.poolTimeout, "no database connection became free\(limit)")
    }

    // MARK: Maintenance

    /// How often the background task looks at the idle connections.
    private var maintenanceInterval: Duration {
        guard let idleTimeout = configuration.idleTimeout else { return .seconds(5) }
        return min(max(idleTimeout / 4, .milliseconds(100)), .seconds(5))
    }

    private func startMaintenance() {
        let interval = maintenanceInterval
        let task = Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let pool = self, await pool.maintain() else { return }
            }
        }
        maintenance.withLock { $0 = task }
    }

    /// Drops idle connections that broke, closes those idle too long beyond
    /// the minimum, and opens one when below it. `false` once the pool is closed.
    func maintain() async -> Bool {
        let now = clock.now
        var closing: [Connection] = []
        let (isClosed, refills) = state.withLock { state -> (Bool, Bool) in
            if state.isClosed { return (true, false) }
            var kept: [IdleConnection] = []
            kept.reserveCapacity(state.idle.count)
            for entry in state.idle {
                if isUsable(entry.connection) {
                    kept.append(entry)
                } else {
                    state.statistics.staleConnectionsDropped += 1
                    closing.append(entry.connection)
                }
            }
            if let idleTimeout = configuration.idleTimeout {
                var excess = max(0, kept.count - configuration.minimumIdle)
                while excess > 0, let oldest = kept.first, now - oldest.since >= idleTimeout {
                    kept.removeFirst()
                    closing.append(oldest.connection)
                    state.statistics.idleConnectionsClosed += 1
                    excess -= 1
                }
            }
            state.idle = kept
            state.opened -= closing.count
            // One connection per pass, while nobody waits: a server that is down
            // sees one attempt per pass, not a burst.
            guard state.opened < configuration.minimumIdle, state.waiters.isEmpty,
                state.mayOpen(capacity: capacity, now: now)
            else { return (false, false) }
            state.opened += 1
            return (false, true)
        }
        for connection in closing { dispose(connection) }
        if isClosed { return false }
        if refills {
            do {
                release(try await factory(), reusable: true)
            } catch {
                let waiter = state.withLock { state in
                    state.opened -= 1
                    state.statistics.failedOpens += 1
                    return Self.takeSlotWaiter(&state, capacity: capacity)
                }
                waiter?.resume(returning: .openSlot)
            }
        }
        return true
    }
}
