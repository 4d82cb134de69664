import Foundation
import ProvisioningStorage
import Synchronization
import TestSupport
import Testing

/// The pool against a real server: stale connections after a restart, a
/// server that takes no more connections, the URL's pooler switch. The first
/// two start clusters of their own (a restart, a small `max_connections`).
@Suite("PostgreSQL connection pool", .timeLimit(.minutes(10)))
struct PostgresPoolTests {
    /// Calls of `rounds` rounds of `width` concurrent queries, and their failures.
    private static func load(
        _ db: PostgresDatabase, rounds: Int, width: Int, sql: String = "SELECT 41 + 1 AS answer"
    ) async -> (calls: Int, failures: [String: Int]) {
        let failures = FailureCounts()
        for _ in 0..<rounds {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<width {
                    group.addTask {
                        do {
                            _ = try await db.query(sql)
                        } catch let error as StorageError {
                            failures.count(error.code.rawValue)
                        } catch {
                            failures.count("\(type(of: error))")
                        }
                    }
                }
            }
        }
        return (rounds * width, failures.counts.withLock { $0 })
    }

    /// The upper bound of the bucket holding the 99th percentile of waits, in ms.
    private static func waitP99(_ statistics: ConnectionPoolStatistics) -> String {
        let total = statistics.acquires
        guard total > 0 else { return "n/a" }
        var seen: UInt64 = 0
        for (index, count) in statistics.acquireWaitCounts.enumerated() {
            seen += count
            if Double(seen) >= 0.99 * Double(total) {
                guard index < ConnectionPoolStatistics.acquireWaitBuckets.count else { return "> 10000 ms" }
                return "≤ \(ConnectionPoolStatistics.acquireWaitBuckets[index] * 1_000) ms"
            }
        }
        return "n/a"
    }

    @Test func restartWithTenPooledConnectionsFailsNoCallOnceTheServerAcceptsConnections() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.destroy() }
        let db = try await PostgresDatabase.connect(
            cluster.url(), options: PostgresOptions(poolSize: 10, idleTimeout: nil))
        // Ten connections open and idle in the pool.
        let warm = await Self.load(db, rounds: 1, width: 10, sql: "SELECT pg_sleep(0.1)")
        #expect(warm.failures.isEmpty)
        #expect(db.poolStatistics.open == 10)

        // `pg_ctl restart -w` returns once the server accepts connections again;
        // every old session has been sent its FATAL and closed by then.
        try await cluster.restart()
        let after = await Self.load(db, rounds: 5, width: 10)
        #expect(after.failures.isEmpty, "calls failed after the restart: \(after.failures)")
        let statistics = db.poolStatistics
        #expect(statistics.staleConnectionsDropped == 10)
        print(
            "POOL restart with 10 pooled connections: \(after.calls) calls after the restart, "
                + "\(after.failures.values.reduce(0, +)) failures, \(statistics.staleConnectionsDropped) stale "
                + "connections dropped, acquire wait p99 \(Self.waitP99(statistics))")
        await db.close()
    }

    @Test func aFullServerMakesCallsWaitForAConnectionInsteadOfFailing() async throws {
        let cluster = try await PostgresCluster.start(settings: ["max_connections": "5"])
        defer { cluster.destroy() }
        // Another instance holds four of the server's five connections.
        let other = try await PostgresDatabase.connect(
            cluster.url(), options: PostgresOptions(poolSize: 4, idleTimeout: nil))
        let held = await Self.load(other, rounds: 1, width: 4, sql: "SELECT pg_sleep(0.1)")
        #expect(held.failures.isEmpty)
        #expect(other.poolStatistics.open == 4)

        // This one may open ten but gets one: its callers wait for it.
        let db = try await PostgresDatabase.connect(
            cluster.url(), options: PostgresOptions(poolSize: 10, acquireTimeout: .seconds(60)))
        let result = await Self.load(db, rounds: 5, width: 8, sql: "SELECT pg_sleep(0.005)")
        #expect(result.failures.isEmpty, "calls failed on a full server: \(result.failures)")
        let statistics = db.poolStatistics
        #expect(statistics.failedOpens >= 1, "the server never refused a connection: the test proves nothing")
        #expect(statistics.open == 1)
        print(
            "POOL full server (max_connections 5, 4 held elsewhere): \(result.calls) calls, "
                + "\(result.failures.values.reduce(0, +)) failures, \(statistics.failedOpens) refused opens, "
                + "acquire wait p99 \(Self.waitP99(statistics))")
        await db.close()
        await other.close()
    }

    @Test func thePreparedStatementsURLParameterTurnsPreparingOffAndOn() async throws {
        let url = try await TestDatabases.makeURL(.postgres)
        for (value, expectsPrepared) in [("off", false), ("on", true)] {
            let db = try await PostgresDatabase.connect(
                url + "?application_name=pool-test&prepared_statements=\(value)", options: PostgresOptions(poolSize: 1))
            try await db.execute("CREATE TABLE IF NOT EXISTS t (x BIGINT)")
            try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (?)", [1])])
            let prepared = try await db.query("SELECT name FROM pg_prepared_statements")
            #expect(prepared.isEmpty != expectsPrepared)
            // The rest of the URL reached libpq untouched.
            let name = try await db.queryFirst("SELECT current_setting('application_name') AS name")
            #expect(try name?.decode(String.self, column: "name") == "pool-test")
            await db.close()
        }
        let error = await #expect(throws: StorageError.self) {
            _ = try await PostgresDatabase.connect(url + "?prepared_statements=maybe")
        }
        #expect(error?.code == .invalidConfiguration)
    }
}

/// Failures by kind, counted from concurrent tasks.
final class FailureCounts: Sendable {
    let counts = Mutex<[String: Int]>([:])

    func count(_ kind: String) { counts.withLock { $0[kind, default: 0] += 1 } }
}
