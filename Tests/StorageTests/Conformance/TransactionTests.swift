import Foundation
import ProvisioningStorage
import Testing

extension ConformanceTests {
    private struct Abort: Error {}

    @Test(arguments: Driver.allCases)
    func transactionCommitsWhenBodyReturns(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            let count = try await db.transaction { tx in
                try await tx.execute("INSERT INTO t (x) VALUES (?)", [1])
                try await tx.execute("INSERT INTO t (x) VALUES (?)", [2])
                return try await tx.query("SELECT x FROM t").count
            }
            #expect(count == 2)
            #expect(try await db.query("SELECT x FROM t").count == 2)
        }
    }

    @Test(arguments: Driver.allCases)
    func transactionRollsBackWhenBodyThrows(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            try await db.execute("INSERT INTO t (x) VALUES (0)")
            await #expect(throws: Abort.self) {
                try await db.transaction { tx in
                    try await tx.execute("INSERT INTO t (x) VALUES (?)", [1])
                    try await tx.execute("UPDATE t SET x = x + 10")
                    throw Abort()
                }
            }
            let values = try await db.query("SELECT x FROM t")
            #expect(try values.map { try $0.decode(Int.self, column: "x") } == [0])
            // The database is usable afterwards.
            try await db.transaction { tx in try await tx.execute("INSERT INTO t (x) VALUES (?)", [5]) }
            #expect(try await db.query("SELECT x FROM t").count == 2)
        }
    }

    @Test(arguments: Driver.allCases)
    func failedStatementAbortsTheWholeTransaction(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE t (x BIGINT UNIQUE)")
            let error = await #expect(throws: StorageError.self) {
                try await db.transaction { tx in
                    try await tx.execute("INSERT INTO t (x) VALUES (?)", [1])
                    try await tx.execute("INSERT INTO t (x) VALUES (?)", [1])
                }
            }
            #expect(error?.code == .uniqueViolation)
            #expect(try await db.query("SELECT x FROM t").isEmpty)
        }
    }

    @Test(arguments: Driver.allCases)
    func concurrentTransactionalIncrementsAreNeverLost(driver: Driver) async throws {
        // A pool smaller than the number of tasks makes PostgreSQL callers queue.
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 3)) { db in
            try await db.execute("CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
            try await db.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<50 {
                            try await db.transaction { tx in
                                try await tx.execute("UPDATE counter SET n = n + 1 WHERE id = ?", [1])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let total = try await db.queryFirst("SELECT n FROM counter WHERE id = 1")
            #expect(try total?.decode(Int.self, column: "n") == 400)
        }
    }

    @Test(arguments: Driver.allCases)
    func readModifyWriteTransactionsSerializeCorrectly(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 4)) { db in
            try await db.execute("CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
            try await db.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
            // Read, then write the value read: on PostgreSQL this needs a row lock
            // (FOR UPDATE), on SQLite the single writer already serializes.
            let lockClause = db.dialect == .postgres ? " FOR UPDATE" : ""
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<25 {
                            try await db.transaction { tx in
                                let row = try await tx.queryFirst("SELECT n FROM counter WHERE id = 1" + lockClause)
                                let n = try #require(row).decode(Int64.self, column: "n")
                                try await tx.execute("UPDATE counter SET n = ? WHERE id = 1", [.integer(n + 1)])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let total = try await db.queryFirst("SELECT n FROM counter WHERE id = 1")
            #expect(try total?.decode(Int.self, column: "n") == 100)
        }
    }

    @Test(arguments: Driver.allCases)
    func serializableConflictsAreRetried(driver: Driver) async throws {
        let retries = SQLRetryPolicy(maximumAttempts: 100)
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 4, retryPolicy: retries)) {
            db in
            try await db.execute("CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
            try await db.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
            // On PostgreSQL, SERIALIZABLE read-modify-write transactions conflict with
            // 40001; the retry policy must run them again until each one commits.
            let isolation = db.dialect == .postgres ? "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE" : nil
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<10 {
                            try await db.transaction { tx in
                                if let isolation { try await tx.execute(isolation) }
                                let row = try await tx.queryFirst("SELECT n FROM counter WHERE id = 1")
                                let n = try #require(row).decode(Int64.self, column: "n")
                                try await tx.execute("UPDATE counter SET n = ? WHERE id = 1", [.integer(n + 1)])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let total = try await db.queryFirst("SELECT n FROM counter WHERE id = 1")
            #expect(try total?.decode(Int.self, column: "n") == 40)
        }
    }

    @Test(arguments: Driver.allCases)
    func handleUsedAfterItsTransactionIsMisuse(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let escaped = try await db.transaction { tx in tx }
            let error = await #expect(throws: StorageError.self) { try await escaped.query("SELECT 1") }
            #expect(error?.code == .misuse)
        }
    }

    @Test(arguments: Driver.allCases)
    func callingTheDatabaseInsideItsTransactionIsMisuse(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let error = await #expect(throws: StorageError.self) {
                try await db.transaction { _ in
                    try await db.transaction { tx in try await tx.execute("SELECT 1") }
                }
            }
            #expect(error?.code == .misuse)
        }
    }
}
