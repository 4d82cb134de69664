import Synchronization
import Testing

@testable import Storage

@Suite("Connection pool", .timeLimit(.minutes(10)))
struct ConnectionPoolTests {
    final class FakeConnection: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// A factory that counts what it opened and fails while `failing` holds.
    final class Factory: Sendable {
        let opened = Atomic<Int>(0)
        let failing = Atomic<Bool>(false)
        let disposed = Atomic<Int>(0)

        func make() throws -> FakeConnection {
            if failing.load(ordering: .relaxed) { throw StorageError(.connectionFailure, "refused") }
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
}
