import Foundation
import ProvisioningStorage
import Testing

/// Statements of atomic batches are prepared once per connection; these tests
/// read the server's own list (`pg_prepared_statements`, per session), so they use
/// a pool of one connection.
@Suite("PostgreSQL prepared batch statements", .timeLimit(.minutes(10)))
struct PostgresPreparedBatchTests {
    private static func withOneConnection<T>(
        preparing: Bool = true, _ body: (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await TestDatabases.withDatabase(
            .postgres, postgres: PostgresOptions(poolSize: 1, preparesBatchStatements: preparing), body)
    }

    private static func preparedStatements(_ db: any SQLDatabase) async throws -> [String] {
        try await db.query("SELECT statement FROM pg_prepared_statements ORDER BY statement").map {
            try $0.decode(String.self, column: "statement")
        }
    }

    @Test func eachBatchStatementIsPreparedOnceAndReused() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x BIGINT UNIQUE, label TEXT)")
            for x in 0..<5 {
                let counts = try await db.executeAtomically([
                    SQLStatement("INSERT INTO t (x, label) VALUES (?, ?)", [.integer(Int64(x)), .text("v\(x)")]),
                    SQLStatement("UPDATE t SET label = ? WHERE x = ?", [.text("w\(x)"), .integer(Int64(x))]),
                ])
                #expect(counts == [1, 1])
            }
            #expect(
                try await Self.preparedStatements(db) == [
                    "INSERT INTO t (x, label) VALUES ($1, $2)", "UPDATE t SET label = $1 WHERE x = $2",
                ])
            let labels = try await db.query("SELECT label FROM t ORDER BY x").map {
                try $0.decode(String.self, column: "label")
            }
            #expect(labels == ["w0", "w1", "w2", "w3", "w4"])
        }
    }

    @Test func aStatementRepeatedInABatchIsPreparedOnce() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            let insert = "INSERT INTO t (x) VALUES (?)"
            let counts = try await db.executeAtomically((0..<4).map { SQLStatement(insert, [.integer(Int64($0))]) })
            #expect(counts == [1, 1, 1, 1])
            #expect(try await Self.preparedStatements(db) == ["INSERT INTO t (x) VALUES ($1)"])
            #expect(try await db.query("SELECT x FROM t").count == 4)
        }
    }

    @Test func theSameTextWithOtherParameterTypesIsAnotherStatement() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x TEXT)")
            let values: [SQLValue] = [.text("a"), .integer(2), .null, .text("b"), .integer(3)]
            for value in values {
                #expect(try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (?)", [value])]) == [1])
            }
            // Text and NULL are sent untyped (the server infers the column's type),
            // integers as int8: two parameter-type lists, two statements.
            #expect(try await Self.preparedStatements(db).count == 2)
            #expect(try await db.query("SELECT x FROM t").count == 5)
        }
    }

    @Test func aPreparationMadeInARolledBackBatchIsReused() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x BIGINT UNIQUE)")
            try await db.execute("CREATE TABLE audit (event TEXT NOT NULL)")
            try await db.execute("INSERT INTO t (x) VALUES (1)")
            let refused = await #expect(throws: StorageError.self) {
                try await db.executeAtomically([
                    SQLStatement("INSERT INTO audit (event) VALUES (?)", ["rolled back"]),
                    SQLStatement("INSERT INTO t (x) VALUES (?)", [1]),
                    SQLStatement("INSERT INTO audit (event) VALUES (?) RETURNING event", ["skipped"]),
                ])
            }
            #expect(refused?.code == .uniqueViolation)
            #expect(refused?.statementIndex == 1)
            #expect(try await db.query("SELECT event FROM audit").isEmpty)
            // Parse is not transactional: the first two stay prepared, the skipped
            // one was never prepared, and all three run now.
            #expect(try await Self.preparedStatements(db).count == 2)
            let counts = try await db.executeAtomically([
                SQLStatement("INSERT INTO audit (event) VALUES (?)", ["kept"]),
                SQLStatement("INSERT INTO t (x) VALUES (?)", [2]),
                SQLStatement("INSERT INTO audit (event) VALUES (?) RETURNING event", ["also kept"]),
            ])
            #expect(counts == [1, 1, 1])
            #expect(try await Self.preparedStatements(db).count == 3)
            #expect(try await db.query("SELECT event FROM audit").count == 2)
        }
    }

    @Test func aStatementRefusedAtPreparationNamesItsIndexAndLeavesNothing() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            for _ in 0..<2 {
                let refused = await #expect(throws: StorageError.self) {
                    try await db.executeAtomically([
                        SQLStatement("INSERT INTO t (x) VALUES (?)", [1]),
                        SQLStatement("INSERT INTO missing_table (x) VALUES (?)", [2]),
                        SQLStatement("INSERT INTO t (x) VALUES (?)", [3]),
                    ])
                }
                #expect(refused?.statementIndex == 1)
                #expect(try await db.query("SELECT x FROM t").isEmpty)
            }
            // Only the statement that prepared once is listed; the refused one never was.
            #expect(try await Self.preparedStatements(db) == ["INSERT INTO t (x) VALUES ($1)"])
            #expect(try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (?)", [4])]) == [1])
        }
    }

    @Test func aBatchStillRunsAfterASchemaChangeInvalidatesItsCachedPlan() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            let insert = SQLStatement("INSERT INTO t (x) VALUES (?) RETURNING *", [.integer(1)])
            #expect(try await db.executeAtomically([insert]) == [1])
            // The prepared statement's result type changes: the server refuses it
            // (0A000) and the driver runs the batch again, prepared afresh.
            try await db.execute("ALTER TABLE t ADD COLUMN label TEXT")
            #expect(try await db.executeAtomically([insert]) == [1])
            #expect(try await db.executeAtomically([insert]) == [1])
            #expect(try await db.query("SELECT x FROM t").count == 3)
        }
    }

    @Test func aBatchStillRunsAfterTheSessionDiscardsItsStatements() async throws {
        try await Self.withOneConnection { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            let insert = SQLStatement("INSERT INTO t (x) VALUES (?)", [.integer(1)])
            #expect(try await db.executeAtomically([insert]) == [1])
            try await db.execute("DEALLOCATE ALL")
            #expect(try await Self.preparedStatements(db).isEmpty)
            #expect(try await db.executeAtomically([insert, insert]) == [1, 1])
            #expect(try await Self.preparedStatements(db) == ["INSERT INTO t (x) VALUES ($1)"])
            #expect(try await db.query("SELECT x FROM t").count == 3)
        }
    }

    @Test func preparingCanBeTurnedOff() async throws {
        try await Self.withOneConnection(preparing: false) { db in
            try await db.execute("CREATE TABLE t (x BIGINT)")
            for x in 0..<3 {
                #expect(
                    try await db.executeAtomically([SQLStatement("INSERT INTO t (x) VALUES (?)", [.integer(Int64(x))])])
                        == [1])
            }
            #expect(try await Self.preparedStatements(db).isEmpty)
            #expect(try await db.query("SELECT x FROM t").count == 3)
        }
    }
}
