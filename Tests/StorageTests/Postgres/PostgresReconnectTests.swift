import Foundation
import ProvisioningStorage
import TestSupport
import Testing

/// Recovery after the server goes away. Each test has its own cluster, since it
/// restarts or stops the server under the pool.
@Suite("PostgreSQL reconnection", .timeLimit(.minutes(10)))
struct PostgresReconnectTests {
    private static func outcome(_ db: PostgresDatabase) async -> Result<Int, StorageError> {
        do {
            let row = try await db.queryFirst("SELECT 41 + 1 AS answer")
            return .success(try row?.decode(Int.self, column: "answer") ?? -1)
        } catch let error as StorageError {
            return .failure(error)
        } catch {
            return .failure(StorageError(.other, "unexpected \(type(of: error))"))
        }
    }

    @Test func poolRecoversAfterServerRestart() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.destroy() }
        let db = try await PostgresDatabase.connect(cluster.url(), options: PostgresOptions(poolSize: 3))
        // Open several connections so the restart breaks idle ones.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask { _ = try await db.query("SELECT pg_sleep(0.05)") }
            }
            try await group.waitForAll()
        }

        try await cluster.restart()

        // Right after the restart a call either succeeds on a fresh connection or
        // reports the broken one as a connection failure; nothing else.
        for _ in 0..<3 {
            switch await Self.outcome(db) {
            case .success(let answer): #expect(answer == 42)
            case .failure(let error): #expect(error.code == .connectionFailure)
            }
        }
        // Then the pool has replaced every broken connection.
        for _ in 0..<5 {
            #expect(try await db.queryFirst("SELECT 1 AS one")?.decode(Int.self, column: "one") == 1)
        }
        await db.close()
    }

    @Test func callsFailAsConnectionFailureWhileServerIsDownThenSucceed() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.destroy() }
        let db = try await PostgresDatabase.connect(cluster.url(), options: PostgresOptions(poolSize: 2))
        try await db.execute("CREATE TABLE t (x BIGINT)")

        try await cluster.stop()
        for _ in 0..<3 {
            let error = await #expect(throws: StorageError.self) {
                try await db.execute("INSERT INTO t (x) VALUES (?)", [1])
            }
            #expect(error?.code == .connectionFailure)
        }
        let failedTransaction = await #expect(throws: StorageError.self) {
            try await db.transaction { tx in try await tx.execute("INSERT INTO t (x) VALUES (?)", [2]) }
        }
        #expect(failedTransaction?.code == .connectionFailure)

        try await cluster.startAgain()
        _ = try await db.execute("INSERT INTO t (x) VALUES (?)", [3])
        let rows = try await db.query("SELECT x FROM t")
        #expect(try rows.map { try $0.decode(Int.self, column: "x") } == [3])
        await db.close()
    }
}
