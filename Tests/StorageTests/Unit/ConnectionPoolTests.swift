import Synchronization
import Testing

@testable import ProvisioningStorage

@Suite("Connection pool", .timeLimit(.minutes(10)))
struct ConnectionPoolTests {
    final class FakeConnection: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// A factory that counts what it opened and fails while `failing` holds.
    final class Factory: Sendable {
        let opened = Atomic<Int>(0)
        let attempts = Atomic<Int>(0)
        let failing = Atomic<Bool>(false)
        let disposed = Atomic<Int>(0)

        func make() throws -> FakeConnection {
            attempts.add(1, ordering: .relaxed)
            if failing.load(ordering: .relaxed) { throw StorageError(.connectionFailure, "too many clients already") }
            return FakeConnection(id: opened.add(1, ordering: .relaxed).newValue)
        }
    }

    final class Order: Sendable {
        let values = Mutex<[Int]>([])
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<1_000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }

    static func pool(capacity: Int, _ factory: Factory) -> ConnectionPool<FakeConnection> {
        ConnectionPool(
            capacity: capacity, factory: { try factory.make() },
            dispose: { _ in factory.disposed.add(1, ordering: .relaxed) })
    }

    static func pool(
        _ configuration: ConnectionPool<FakeConnection>.Configuration, _ factory: Factory,
        isUsable: @escaping @Sendable (FakeConnection) -> Bool = { _ in true }
    ) -> ConnectionPool<FakeConnection> {
        ConnectionPool(
            configuration: configuration, factory: { try factory.make() }, isUsable: isUsable,
            dispose: { _ in factory.disposed.add(1, ordering: .relaxed) })
    }

    @Test func idleConnectionsAreReusedAndCapacityIsNeverExceeded() async throws {
        let factory = Factory()
        let pool = Self.pool(capacity: 2, factory)
        let first = try await pool.acquire()
        let second = try await pool.acquire()
        pool.release(first, reusable: true)
        let again = try await pool.acquire()
        #expect(again === first)
        #expect(factory.opened.load(ordering: .relaxed) == 2)
        pool.release(again, reusable: true)
        pool.release(second, reusable: true)
    }

    @Test func waitersAreServedInOrderAsConnectionsComeBack() async throws {
        let factory = Factory()
        let pool = Self.pool(capacity: 1, factory)
        let held = try await pool.acquire()
        let order = Order()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<3 {
                group.addTask {
                    let connection = try await pool.acquire()
                    order.values.withLock { $0.append(n) }
                    pool.release(connection, reusable: true)
                }
                // Each waiter queues before the next one starts.
                try await Self.waitUntil { pool.waiterCount == n + 1 }
            }
            pool.release(held, reusable: true)
            try await group.waitForAll()
        }
        #expect(order.values.withLock { $0 } == [0, 1, 2])
        #expect(factory.opened.load(ordering: .relaxed) == 1)
    }

    @Test func cancellingAWaiterRemovesItAndLeavesThePoolWorking() async throws {
        let factory = Factory()
        let pool = Self.pool(capacity: 1, factory)
        let held = try await pool.acquire()
        let waiter = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiter.value }
        // The cancelled waiter must not swallow the connection given back.
        pool.release(held, reusable: true)
        let next = try await pool.acquire()
        #expect(next === held)
        pool.release(next, reusable: true)
    }

    @Test func closingFailsWaitersAndLaterLeases() async throws {
        let factory = Factory()
        let pool = Self.pool(capacity: 1, factory)
        let held = try await pool.acquire()
        let waiter = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 1 }
        pool.close()
        let error = await #expect(throws: StorageError.self) { _ = try await waiter.value }
        #expect(error?.code == .connectionFailure)
        await #expect(throws: StorageError.self) { _ = try await pool.acquire() }
        // A connection leased before the close is disposed of when it comes back.
        pool.release(held, reusable: true)
        #expect(factory.disposed.load(ordering: .relaxed) == 1)
    }

    @Test func aFailedOpenHandsItsSlotToTheNextWaiter() async throws {
        let factory = Factory()
        let pool = Self.pool(capacity: 1, factory)
        let broken = try await pool.acquire()
        let waiter = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 1 }
        // Dropping the connection frees its slot for the waiter, whose open fails;
        // the slot must be free again afterwards, not leaked.
        factory.failing.store(true, ordering: .relaxed)
        pool.release(broken, reusable: false)
        await #expect(throws: StorageError.self) { _ = try await waiter.value }
        factory.failing.store(false, ordering: .relaxed)
        let fresh = try await pool.acquire()
        #expect(fresh.id == 2)
        pool.release(fresh, reusable: true)
    }

    @Test func unusableIdleConnectionsAreDisposedOfAndReplaced() async throws {
        let factory = Factory()
        let usable = Atomic<Bool>(true)
        let pool = ConnectionPool<FakeConnection>(
            capacity: 1, factory: { try factory.make() }, isUsable: { _ in usable.load(ordering: .relaxed) },
            dispose: { _ in factory.disposed.add(1, ordering: .relaxed) })
        let first = try await pool.acquire()
        pool.release(first, reusable: true)
        usable.store(false, ordering: .relaxed)
        let second = try await pool.acquire()
        #expect(second !== first)
        #expect(factory.disposed.load(ordering: .relaxed) == 1)
        pool.release(second, reusable: true)
    }

    // MARK: A server that takes no more connections

    @Test func aFailedOpenWhileConnectionsAreOutWaitsForOneToComeBack() async throws {
        let factory = Factory()
        let pool = Self.pool(.init(capacity: 3, acquireTimeout: .seconds(60)), factory)
        let held = try await pool.acquire()
        // The server is full (53300): the open fails, but a connection is out,
        // so the caller waits for it instead of failing.
        factory.failing.store(true, ordering: .relaxed)
        let waiter = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 1 }
        pool.release(held, reusable: true)
        let handed = try await waiter.value
        #expect(handed === held)
        let statistics = pool.statistics
        #expect(statistics.failedOpens == 1)
        #expect(statistics.acquires == 2)
        pool.release(handed, reusable: true)
    }

    @Test func afterAFailedOpenNewCallersWaitInsteadOfKnockingAgain() async throws {
        let factory = Factory()
        var configuration = ConnectionPool<FakeConnection>.Configuration(capacity: 4, acquireTimeout: .seconds(60))
        configuration.openHoldoff = .seconds(60)
        let pool = Self.pool(configuration, factory)
        let held = try await pool.acquire()
        factory.failing.store(true, ordering: .relaxed)
        let first = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 1 }
        let second = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 2 }
        // Only the first caller tried to open; the second joined the queue.
        #expect(factory.attempts.load(ordering: .relaxed) == 2)
        pool.release(held, reusable: true)
        pool.release(try await first.value, reusable: true)
        pool.release(try await second.value, reusable: true)
        #expect(factory.opened.load(ordering: .relaxed) == 1)
    }

    @Test func aFailedOpenWithNothingOutFailsAtOnce() async throws {
        let factory = Factory()
        factory.failing.store(true, ordering: .relaxed)
        let pool = Self.pool(.init(capacity: 3, acquireTimeout: .seconds(60)), factory)
        let error = await #expect(throws: StorageError.self) { _ = try await pool.acquire() }
        #expect(error?.code == .connectionFailure)
        #expect(pool.statistics.open == 0)
        factory.failing.store(false, ordering: .relaxed)
        pool.release(try await pool.acquire(), reusable: true)
    }

    @Test func aWaiterGivesUpAfterTheAcquireTimeout() async throws {
        let factory = Factory()
        let pool = Self.pool(.init(capacity: 1, acquireTimeout: .milliseconds(50)), factory)
        let held = try await pool.acquire()
        let error = await #expect(throws: StorageError.self) { _ = try await pool.acquire() }
        #expect(error?.code == .poolTimeout)
        #expect(error?.isTemporary == true)
        #expect(pool.statistics.acquireTimeouts == 1)
        #expect(pool.waiterCount == 0)
        // The connection given back later is not lost to the one that gave up.
        pool.release(held, reusable: true)
        let next = try await pool.acquire()
        #expect(next === held)
        pool.release(next, reusable: true)
    }

    // MARK: Idle connections

    @Test func idleConnectionsBeyondTheMinimumCloseAfterTheIdleTimeout() async throws {
        let factory = Factory()
        let pool = Self.pool(.init(capacity: 3, minimumIdle: 1, idleTimeout: .milliseconds(100)), factory)
        let leased = [try await pool.acquire(), try await pool.acquire(), try await pool.acquire()]
        for connection in leased { pool.release(connection, reusable: true) }
        #expect(pool.statistics.idle == 3)
        try await Self.waitUntil { pool.statistics.open == 1 }
        let statistics = pool.statistics
        #expect(statistics.idleConnectionsClosed == 2)
        #expect(statistics.idle == 1)
        #expect(factory.disposed.load(ordering: .relaxed) == 2)
        // The one kept is the most recently used.
        let kept = try await pool.acquire()
        #expect(kept === leased[2])
        pool.release(kept, reusable: true)
        pool.close()
    }

    @Test func maintenanceDropsIdleConnectionsTheServerClosed() async throws {
        let factory = Factory()
        let usable = Atomic<Bool>(true)
        let pool = Self.pool(.init(capacity: 2), factory) { _ in usable.load(ordering: .relaxed) }
        let first = try await pool.acquire()
        let second = try await pool.acquire()
        pool.release(first, reusable: true)
        pool.release(second, reusable: true)
        // A restart: both idle connections are dead; maintenance finds them
        // before a caller does.
        usable.store(false, ordering: .relaxed)
        #expect(await pool.maintain())
        let statistics = pool.statistics
        #expect(statistics.staleConnectionsDropped == 2)
        #expect(statistics.open == 0)
        usable.store(true, ordering: .relaxed)
        let fresh = try await pool.acquire()
        #expect(fresh.id == 3)
        pool.release(fresh, reusable: true)
        pool.close()
        #expect(await pool.maintain() == false)
    }

    @Test func maintenanceReopensUpToTheMinimum() async throws {
        let factory = Factory()
        let pool = Self.pool(.init(capacity: 3, minimumIdle: 2), factory)
        #expect(await pool.maintain())
        #expect(await pool.maintain())
        #expect(pool.statistics.open == 2)
        #expect(pool.statistics.idle == 2)
        // While the server refuses, each pass tries once and counts it.
        pool.close()
        let down = Factory()
        down.failing.store(true, ordering: .relaxed)
        let refused = Self.pool(.init(capacity: 3, minimumIdle: 2), down)
        #expect(await refused.maintain())
        #expect(refused.statistics.failedOpens == 1)
        #expect(refused.statistics.open == 0)
        refused.close()
    }

    @Test func waitTimesAreCountedPerBucket() async throws {
        let factory = Factory()
        let pool = Self.pool(capacity: 1, factory)
        let held = try await pool.acquire()
        let waiter = Task { try await pool.acquire() }
        try await Self.waitUntil { pool.waiterCount == 1 }
        try await Task.sleep(for: .milliseconds(20))
        pool.release(held, reusable: true)
        pool.release(try await waiter.value, reusable: true)
        let statistics = pool.statistics
        #expect(statistics.acquires == 2)
        #expect(statistics.acquireWaitCounts.count == ConnectionPoolStatistics.acquireWaitBuckets.count + 1)
        // The waiter waited at least the 20 ms it was made to: not in the buckets below.
        let below = ConnectionPoolStatistics.acquireWaitBuckets.firstIndex { $0 >= 0.02 } ?? 0
        #expect(statistics.acquireWaitCounts[below...].reduce(0, +) >= 1)
        #expect(statistics.acquireWaitSeconds >= 0.02)
    }
}
