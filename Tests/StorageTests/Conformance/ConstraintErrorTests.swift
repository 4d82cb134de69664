import Foundation
import ProvisioningStorage
import Testing

extension ConformanceTests {
    private static func makeSchema(_ db: any SQLDatabase) async throws {
        try await db.executeScript(
            """
            CREATE TABLE owners (id BIGINT PRIMARY KEY, email TEXT NOT NULL CONSTRAINT owners_email_key UNIQUE);
            CREATE TABLE pets (
                id BIGINT PRIMARY KEY,
                owner_id BIGINT NOT NULL CONSTRAINT pets_owner_fk REFERENCES owners (id),
                legs BIGINT CONSTRAINT pets_legs_check CHECK (legs >= 0)
            );
            """)
    }

    @Test(arguments: Driver.allCases)
    func duplicateKeyIsAUniqueViolationWithoutTheValue(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeSchema(db)
            let secret = "secret-\(UUID().uuidString)@example.com"
            try await db.execute("INSERT INTO owners (id, email) VALUES (?, ?)", [1, .text(secret)])
            let error = await #expect(throws: StorageError.self) {
                try await db.execute("INSERT INTO owners (id, email) VALUES (?, ?)", [2, .text(secret)])
            }
            #expect(error?.code == .uniqueViolation)
            #expect(error?.constraint?.contains("email") == true)
            #expect(error.map { !"\($0)".contains(secret) } == true)

            let primary = await #expect(throws: StorageError.self) {
                try await db.execute("INSERT INTO owners (id, email) VALUES (?, ?)", [1, "other@example.com"])
            }
            #expect(primary?.code == .uniqueViolation)
        }
    }

    @Test(arguments: Driver.allCases)
    func missingParentIsAForeignKeyViolation(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeSchema(db)
            let error = await #expect(throws: StorageError.self) {
                try await db.execute("INSERT INTO pets (id, owner_id, legs) VALUES (?, ?, ?)", [1, 42, 4])
            }
            #expect(error?.code == .foreignKeyViolation)
            if db.dialect == .postgres { #expect(error?.constraint == "pets_owner_fk") }

            try await db.execute("INSERT INTO owners (id, email) VALUES (?, ?)", [42, "a@example.com"])
            try await db.execute("INSERT INTO pets (id, owner_id, legs) VALUES (?, ?, ?)", [1, 42, 4])
            let parentDelete = await #expect(throws: StorageError.self) {
                try await db.execute("DELETE FROM owners WHERE id = ?", [42])
            }
            #expect(parentDelete?.code == .foreignKeyViolation)
        }
    }

    @Test(arguments: Driver.allCases)
    func notNullAndCheckViolationsHaveTheirCodes(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeSchema(db)
            let notNull = await #expect(throws: StorageError.self) {
                try await db.execute("INSERT INTO owners (id, email) VALUES (?, ?)", [1, nil])
            }
            #expect(notNull?.code == .notNullViolation)

            try await db.execute("INSERT INTO owners (id, email) VALUES (?, ?)", [1, "a@example.com"])
            let check = await #expect(throws: StorageError.self) {
                try await db.execute("INSERT INTO pets (id, owner_id, legs) VALUES (?, ?, ?)", [1, 1, -1])
            }
            #expect(check?.code == .checkViolation)
            #expect(check?.constraint == "pets_legs_check")
        }
    }
}
