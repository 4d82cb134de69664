import Foundation
import ProvisioningStorage
import Testing

extension ConformanceTests {
    static let migrations = [
        Migration(
            version: 1, name: "create items",
            sql: """
                CREATE TABLE items (id {id}, name TEXT NOT NULL, payload {blob}, created_at {timestamp} NOT NULL);
                CREATE INDEX items_created_at ON items (created_at);
                """),
        Migration(
            version: 2, name: "case-insensitive names",
            sqlite: "CREATE UNIQUE INDEX items_name_ci ON items (name COLLATE NOCASE)",
            postgres: "CREATE UNIQUE INDEX items_name_ci ON items (lower(name))"),
    ]

    @Test(arguments: Driver.allCases)
    func migrationsApplyOnceAndAreRecorded(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let migrator = Migrator(Self.migrations)
            #expect(try await migrator.migrate(db) == [1, 2])
            #expect(try await migrator.migrate(db) == [])

            let applied = try await migrator.appliedMigrations(db)
            #expect(applied.map(\.version) == [1, 2])
            #expect(applied.map(\.name) == ["create items", "case-insensitive names"])

            try await db.execute("INSERT INTO items (name, created_at) VALUES (?, ?)", ["Widget", .timestamp(Date())])
            let duplicate = await #expect(throws: StorageError.self) {
                try await db.execute(
                    "INSERT INTO items (name, created_at) VALUES (?, ?)", ["WIDGET", .timestamp(Date())])
            }
            #expect(duplicate?.code == .uniqueViolation)

            let extended = Migrator(
                Self.migrations + [Migration(version: 3, name: "notes", sql: "ALTER TABLE items ADD COLUMN note TEXT")])
            #expect(try await extended.migrate(db) == [3])
        }
    }

    @Test(arguments: Driver.allCases)
    func failingMigrationLeavesNoTrace(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let broken = Migration(
                version: 2, name: "broken",
                sql: "CREATE TABLE half_done (x BIGINT); INSERT INTO no_such_table VALUES (1);")
            await #expect(throws: StorageError.self) {
                try await Migrator([Self.migrations[0], broken]).migrate(db)
            }
            let applied = try await Migrator(Self.migrations).appliedMigrations(db)
            #expect(applied.map(\.version) == [1])
            await #expect(throws: StorageError.self) { try await db.query("SELECT x FROM half_done") }
        }
    }

    @Test(arguments: Driver.allCases)
    func duplicateVersionsAreRefused(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let error = await #expect(throws: StorageError.self) {
                try await Migrator([Self.migrations[0], Migration(version: 1, name: "again", sql: "SELECT 1")]).migrate(
                    db)
            }
            #expect(error?.code == .migration)
        }
    }

    @Test(arguments: [Driver.sqliteFile, .postgres])
    func concurrentMigratorsApplyEachMigrationOnce(driver: Driver) async throws {
        let url = try await TestDatabases.makeURL(driver)
        defer { TestDatabases.removeSQLiteFiles(url) }
        // Separate databases objects stand for separate processes: no shared pool or writer.
        var databases: [any SQLDatabase] = []
        for _ in 0..<4 { databases.append(try await Database.open(url: url)) }
        // CREATE TABLE without IF NOT EXISTS fails if a migration ever runs twice.
        let migrations =
            Self.migrations + [
                Migration(version: 3, name: "audit", sql: "CREATE TABLE audit (id {id}, at {timestamp} NOT NULL)")
            ]
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for database in databases {
                group.addTask { try await Migrator(migrations).migrate(database) }
            }
            var all: [Int] = []
            for try await versions in group { all += versions }
            return all
        }
        #expect(applied.sorted() == [1, 2, 3])
        #expect(try await Migrator(migrations).appliedMigrations(databases[0]).map(\.version) == [1, 2, 3])
        for database in databases { await database.close() }
    }
}
