import Foundation
import ProvisioningStorage
import Testing

/// The behaviour every ``SQLDatabase`` driver must share. Each test runs unchanged
/// against a SQLite file, an in-memory SQLite database and PostgreSQL; the other
/// files of this folder extend this suite.
@Suite("SQLDatabase conformance", .timeLimit(.minutes(10)))
struct ConformanceTests {
    @Test(arguments: Driver.allCases)
    func insertedRowsCanBeReadUpdatedAndDeleted(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE items (id BIGINT PRIMARY KEY, name TEXT NOT NULL, size BIGINT)")
            let inserted = try await db.execute(
                "INSERT INTO items (id, name, size) VALUES (?, ?, ?), (?, ?, ?)", [1, "one", 10, 2, "two", 20])
            #expect(inserted == 2)

            let rows = try await db.query("SELECT id, name, size FROM items ORDER BY id")
            #expect(try rows.map { try $0.decode(Int.self, column: "id") } == [1, 2])
            #expect(try rows.map { try $0["name", as: String.self] } == ["one", "two"])

            let updated = try await db.execute("UPDATE items SET size = size + ? WHERE id = ?", [5, 2])
            #expect(updated == 1)
            let size = try await db.queryFirst("SELECT size FROM items WHERE id = ?", [2])
            #expect(try size?.decode(Int64.self, column: "size") == 25)

            #expect(try await db.execute("DELETE FROM items WHERE id = ?", [1]) == 1)
            #expect(try await db.execute("DELETE FROM items WHERE id = ?", [1]) == 0)
            #expect(try await db.query("SELECT id FROM items").count == 1)
            #expect(try await db.queryFirst("SELECT id FROM items WHERE id = ?", [99]) == nil)
        }
    }

    @Test(arguments: Driver.allCases)
    func insertReturningGivesGeneratedIdentifiers(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute(db.dialect.substitutingTypes(in: "CREATE TABLE notes (id {id}, body TEXT NOT NULL)"))
            let first = try await db.queryFirst("INSERT INTO notes (body) VALUES (?) RETURNING id", ["a"])
            let second = try await db.queryFirst("INSERT INTO notes (body) VALUES (?) RETURNING id", ["b"])
            let firstID = try #require(try first?.decode(Int64.self, column: "id"))
            let secondID = try #require(try second?.decode(Int64.self, column: "id"))
            #expect(secondID > firstID)
        }
    }

    @Test(arguments: Driver.allCases)
    func upsertWithOnConflictWorksOnEveryDialect(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            let upsert =
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            try await db.execute(upsert, ["mode", "a"])
            try await db.execute(upsert, ["mode", "b"])
            let rows = try await db.query("SELECT value FROM settings")
            #expect(try rows.map { try $0.decode(String.self, column: "value") } == ["b"])
        }
    }

    @Test(arguments: Driver.allCases)
    func questionMarksInsideLiteralsAndCommentsAreNotPlaceholders(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let row = try await db.queryFirst(
                """
                SELECT 'what?' AS literal, "quoted?" , ? AS bound -- trailing comment?
                FROM (SELECT 1 AS "quoted?") AS t /* block? */
                """, ["value"])
            #expect(try row?.decode(String.self, column: "literal") == "what?")
            #expect(try row?.decode(String.self, column: "bound") == "value")
        }
    }

    @Test(arguments: Driver.allCases)
    func wrongBindingCountIsMisuse(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let error = await #expect(throws: StorageError.self) {
                try await db.query("SELECT ? AS a, ? AS b", [1])
            }
            #expect(error?.code == .misuse)
        }
    }

    @Test(arguments: Driver.allCases)
    func invalidSQLIsASyntaxError(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let syntax = await #expect(throws: StorageError.self) { try await db.execute("SELEKT 1") }
            #expect(syntax?.code == .syntax)
            let missingTable = await #expect(throws: StorageError.self) {
                try await db.query("SELECT * FROM no_such_table")
            }
            #expect(missingTable?.code == .syntax)
        }
    }

    @Test(arguments: Driver.allCases)
    func scriptsRunSeveralStatements(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.executeScript(
                """
                CREATE TABLE a (x BIGINT);
                INSERT INTO a (x) VALUES (1);
                INSERT INTO a (x) VALUES (2);
                """)
            let row = try await db.queryFirst("SELECT COUNT(*) AS n FROM a")
            #expect(try row?.decode(Int.self, column: "n") == 2)
        }
    }

    @Test(arguments: Driver.allCases)
    func closedDatabaseRefusesCalls(driver: Driver) async throws {
        let url = try await TestDatabases.makeURL(driver)
        defer { TestDatabases.removeSQLiteFiles(url) }
        let db = try await Database.open(url: url)
        await db.close()
        let error = await #expect(throws: StorageError.self) { try await db.query("SELECT 1") }
        #expect(error?.code == .connectionFailure)
    }
}
