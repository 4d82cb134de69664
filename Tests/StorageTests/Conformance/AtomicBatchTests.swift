import Foundation
import ProvisioningStorage
import Testing

extension ConformanceTests {
    @Test(arguments: Driver.allCases)
    func atomicBatchWritesEveryStatementAndCountsTheirRows(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE t (x BIGINT UNIQUE, label TEXT)")
            try await db.execute("INSERT INTO t (x, label) VALUES (1, 'a'), (2, 'a')")
            let counts = try await db.executeAtomically([
                SQLStatement("INSERT INTO t (x, label) VALUES (?, ?)", [3, "b"]),
                SQLStatement("UPDATE t SET label = ? WHERE label = ?", ["c", "a"]),
                SQLStatement("DELETE FROM t WHERE x = ?", [99]),
            ])
            #expect(counts == [1, 2, 0])
            let rows = try await db.query("SELECT x, label FROM t ORDER BY x")
            #expect(try rows.map { try $0.decode(String.self, column: "label") } == ["c", "c", "b"])
            #expect(try await db.executeAtomically([]) == [])
        }
    }

    @Test(arguments: Driver.allCases)
    func failingStatementOfABatchNamesItsIndexAndLeavesNothingWritten(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE t (x BIGINT UNIQUE)")
            try await db.execute("CREATE TABLE audit (event TEXT NOT NULL)")
            try await db.execute("INSERT INTO t (x) VALUES (7)")
            let error = await #expect(throws: StorageError.self) {
                try await db.executeAtomically([
                    SQLStatement("INSERT INTO audit (event) VALUES (?)", ["first"]),
                    SQLStatement("INSERT INTO t (x) VALUES (?)", [8]),
                    SQLStatement("INSERT INTO t (x) VALUES (?)", [7]),
                    SQLStatement("INSERT INTO audit (event) VALUES (?)", ["never"]),
                ])
            }
            #expect(error?.code == .uniqueViolation)
            #expect(error?.statementIndex == 2)
            #expect(try await db.query("SELECT event FROM audit").isEmpty)
            #expect(try await db.query("SELECT x FROM t").count == 1)
            // The connection is clean afterwards: the next batch and statement work.
            #expect(try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (?)", [8])]) == [1])
            #expect(try await db.query("SELECT x FROM t").count == 2)
        }
    }

    @Test(arguments: Driver.allCases)
    func batchWithAMalformedStatementFailsWithoutWritingOrBreakingThePool(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 1)) { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            for _ in 0..<3 {
                let wrongBindings = await #expect(throws: StorageError.self) {
                    try await db.executeAtomically([
                        SQLStatement("INSERT INTO t (x) VALUES (?)", [1]),
                        SQLStatement("INSERT INTO t (x) VALUES (?)", []),
                    ])
                }
                #expect(wrongBindings?.code == .misuse)
                #expect(wrongBindings?.statementIndex == 1)
                let syntax = await #expect(throws: StorageError.self) {
                    try await db.executeAtomically([
                        SQLStatement("INSERT INTO t (x) VALUES (?)", [1]),
                        SQLStatement("INSERT INTO nowhere VALUES (1)"),
                    ])
                }
                #expect(syntax?.statementIndex == 1)
            }
            #expect(try await db.query("SELECT x FROM t").isEmpty)
            #expect(try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (?)", [1])]) == [1])
        }
    }

    @Test(arguments: Driver.allCases)
    func concurrentBatchesAreEachAllOrNothing(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 3)) { db in
            try await db.execute("CREATE TABLE used (token TEXT PRIMARY KEY)")
            try await db.execute("CREATE TABLE audit (token TEXT NOT NULL)")
            // Eight tasks race to use twenty tokens: each token is used once, and an
            // audit row exists exactly for the uses that won.
            let wins = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var won = 0
                        for token in 0..<20 {
                            do {
                                try await db.executeAtomically([
                                    SQLStatement("INSERT INTO used (token) VALUES (?)", [.text("t\(token)")]),
                                    SQLStatement("INSERT INTO audit (token) VALUES (?)", [.text("t\(token)")]),
                                ])
                                won += 1
                            } catch let error as StorageError where error.code == .uniqueViolation {
                                #expect(error.statementIndex == 0)
                            }
                        }
                        return won
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(wins == 20)
            #expect(try await db.query("SELECT token FROM audit").count == 20)
        }
    }

    @Test(arguments: Driver.allCases)
    func batchInsideATransactionIsMisuse(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            let error = await #expect(throws: StorageError.self) {
                try await db.transaction { _ in
                    try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (1)")])
                }
            }
            #expect(error?.code == .misuse)
        }
    }

    @Test(arguments: Driver.allCases)
    func repeatedBatchesWithChangingValueKindsAndManyDistinctStatementsAllRun(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 1)) { db in
            try await db.execute("CREATE TABLE t (x BIGINT, label TEXT)")
            // The same text with a NULL, then a value, then a NULL again: on
            // PostgreSQL a statement prepared for one set of parameter types must
            // not be reused for another.
            for value: SQLValue in [.null, .text("a"), .null, .text("b")] {
                try await db.executeAtomically([SQLStatement("INSERT INTO t (x, label) VALUES (?, ?)", [1, value])])
            }
            // More distinct statements than a connection keeps prepared.
            for n in 0..<150 {
                try await db.executeAtomically([
                    SQLStatement("INSERT INTO t (x, label) VALUES (?, 'n\(n)')", [.integer(Int64(n))])
                ])
            }
            #expect(try await db.query("SELECT x FROM t WHERE label IS NULL").count == 2)
            #expect(try await db.query("SELECT x FROM t").count == 154)
        }
    }

    @Test(arguments: Driver.allCases)
    func batchRefusedAtCommitReportsTheDatabasesErrorAndWritesNothing(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver, postgres: PostgresOptions(poolSize: 1)) { db in
            try await db.execute("CREATE TABLE parent (id BIGINT PRIMARY KEY)")
            try await db.execute(
                "CREATE TABLE child (id BIGINT, parent_id BIGINT REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)"
            )
            // Every statement succeeds; the deferred key is checked at commit.
            let error = await #expect(throws: StorageError.self) {
                try await db.executeAtomically([
                    SQLStatement("INSERT INTO child (id, parent_id) VALUES (?, ?)", [1, 42]),
                    SQLStatement("INSERT INTO child (id, parent_id) VALUES (?, ?)", [2, 43]),
                ])
            }
            #expect(error?.code == .foreignKeyViolation)
            #expect(error?.statementIndex == nil)
            #expect(try await db.query("SELECT id FROM child").isEmpty)
            try await db.executeAtomically([
                SQLStatement("INSERT INTO parent (id) VALUES (?)", [42]),
                SQLStatement("INSERT INTO child (id, parent_id) VALUES (?, ?)", [1, 42]),
            ])
            #expect(try await db.query("SELECT id FROM child").count == 1)
        }
    }
}
