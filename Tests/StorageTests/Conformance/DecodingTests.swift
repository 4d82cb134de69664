import Foundation
import ProvisioningStorage
import Testing

extension ConformanceTests {
    @Test(arguments: Driver.allCases)
    func decodingFailuresAreTypedAndNameTheColumn(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            let row = try #require(
                try await db.queryFirst("SELECT ? AS name, ? AS n, ? AS absent_value", ["secret-text", 5, nil]))

            let missing = #expect(throws: StorageError.self) { try row.decode(String.self, column: "absent") }
            #expect(missing?.code == .decoding)
            #expect(missing?.detail.contains("absent") == true)

            let wrongType = #expect(throws: StorageError.self) { try row["name", as: Int.self] }
            #expect(wrongType?.code == .decoding)
            #expect(wrongType.map { !"\($0)".contains("secret-text") } == true)

            let null = #expect(throws: StorageError.self) { try row.decode(Int.self, column: "absent_value") }
            #expect(null?.code == .decoding)
            #expect(try row.decode(Int?.self, column: "absent_value") == nil)

            let outOfRange = #expect(throws: StorageError.self) { try row.decode(Int.self, at: 9) }
            #expect(outOfRange?.code == .decoding)
        }
    }

    @Test(arguments: Driver.allCases)
    func columnNamesMatchCaseInsensitivelyAsFallback(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await db.execute("CREATE TABLE people (FullName TEXT)")
            try await db.execute("INSERT INTO people (FullName) VALUES (?)", ["Ada"])
            let row = try #require(try await db.queryFirst("SELECT FullName FROM people"))
            #expect(try row.decode(String.self, column: "FullName") == "Ada")
            #expect(try row.decode(String.self, column: "fullname") == "Ada")
            #expect(try row[0, as: String.self] == "Ada")
        }
    }
}
