import Foundation
import ProvisioningStorage
import Testing

extension ConformanceTests {
    private static func makeValuesTable(_ db: any SQLDatabase) async throws {
        try await db.execute(
            db.dialect.substitutingTypes(
                in: """
                    CREATE TABLE vals (
                        id {bigint} PRIMARY KEY, t TEXT, i {bigint}, d {double}, b {blob}, f {bool}, ts {timestamp}
                    )
                    """))
    }

    /// Stores `value` in `column` and reads it back.
    private static func roundTrip<T: SQLValueConvertible>(
        _ db: any SQLDatabase, column: String, _ value: T, id: Int
    ) async throws -> T {
        try await db.execute("INSERT INTO vals (id, \(column)) VALUES (?, ?)", [.init(id), .init(value)])
        let row = try #require(try await db.queryFirst("SELECT \(column) FROM vals WHERE id = ?", [.init(id)]))
        return try row.decode(T.self, column: column)
    }

    @Test(arguments: Driver.allCases)
    func blobsRoundTripExactly(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            let withNULs: [UInt8] = [0, 1, 0, 0, 255, 0x80, 0x7F, 0]
            let everyByte = (0...255).map { UInt8($0) }
            #expect(try await Self.roundTrip(db, column: "b", withNULs, id: 1) == withNULs)
            #expect(try await Self.roundTrip(db, column: "b", everyByte, id: 2) == everyByte)
            #expect(try await Self.roundTrip(db, column: "b", [UInt8](), id: 3) == [])
            #expect(try await Self.roundTrip(db, column: "b", Data([0, 0, 9]), id: 4) == Data([0, 0, 9]))
            // An empty blob stays distinct from NULL.
            let empty = try await db.queryFirst("SELECT b FROM vals WHERE id = 3")
            #expect(empty?.value(column: "b") == .blob([]))
        }
    }

    @Test(arguments: Driver.allCases)
    func textRoundTripsExactly(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            let samples = [
                "", "plain", "naïve café", "日本語テキスト", "emoji 🧑‍💻🇫🇷 ok", "quote ' and \" and ?", "line\nbreak\ttab",
            ]
            for (index, sample) in samples.enumerated() {
                #expect(try await Self.roundTrip(db, column: "t", sample, id: index) == sample)
            }
        }
    }

    @Test(arguments: Driver.allCases)
    func integersRoundTripAtTheirLimits(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            for (index, value) in [Int64.min, -1, 0, 1, Int64(Int32.max) + 1, Int64.max].enumerated() {
                #expect(try await Self.roundTrip(db, column: "i", value, id: index) == value)
            }
            #expect(try await Self.roundTrip(db, column: "i", Int32.min, id: 100) == Int32.min)
            #expect(try await Self.roundTrip(db, column: "i", Int.max, id: 101) == Int.max)
        }
    }

    @Test(arguments: Driver.allCases)
    func doublesRoundTripIncludingInfinities(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            let samples: [Double] = [
                0, -0.0, 0.1, -1.5e300, .pi, .greatestFiniteMagnitude, .leastNormalMagnitude,
                .leastNonzeroMagnitude, .infinity, -.infinity,
            ]
            for (index, sample) in samples.enumerated() {
                let back = try await Self.roundTrip(db, column: "d", sample, id: index)
                #expect(back == sample, "sample \(index)")
            }
        }
    }

    @Test(arguments: Driver.allCases)
    func datesKeepMicrosecondPrecision(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            let microseconds: [Int64] = [
                0, 1, 1_700_000_000_123_456, 1_700_000_000_999_999, -1_234_567_890_123_456, 4_102_444_799_999_999,
            ]
            for (index, micros) in microseconds.enumerated() {
                let date = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
                let back = try await Self.roundTrip(db, column: "ts", date, id: index)
                #expect((back.timeIntervalSince1970 * 1_000_000).rounded() == Double(micros), "sample \(index)")
            }
        }
    }

    @Test(arguments: Driver.allCases)
    func timestampsCompareInTimeOrder(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            for (index, offset) in ([0.5, -3600, 0.000_001, 86_400 * 400] as [Double]).enumerated() {
                try await db.execute(
                    "INSERT INTO vals (id, ts) VALUES (?, ?)", [.init(index), .timestamp(base + offset)])
            }
            let later = try await db.query("SELECT id FROM vals WHERE ts > ? ORDER BY ts", [.timestamp(base)])
            #expect(try later.map { try $0.decode(Int.self, column: "id") } == [2, 0, 3])
        }
    }

    @Test(arguments: Driver.allCases)
    func boolsNullsUUIDsAndOptionalsRoundTrip(driver: Driver) async throws {
        try await TestDatabases.withDatabase(driver) { db in
            try await Self.makeValuesTable(db)
            #expect(try await Self.roundTrip(db, column: "f", true, id: 1) == true)
            #expect(try await Self.roundTrip(db, column: "f", false, id: 2) == false)
            let uuid = UUID()
            #expect(try await Self.roundTrip(db, column: "t", uuid, id: 3) == uuid)
            #expect(try await Self.roundTrip(db, column: "t", String?.none, id: 4) == nil)
            #expect(try await Self.roundTrip(db, column: "i", Int?.some(7), id: 5) == 7)

            try await db.execute(
                "INSERT INTO vals (id, t, i, d, b, f, ts) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [6, nil, nil, nil, nil, nil, nil])
            let row = try #require(try await db.queryFirst("SELECT * FROM vals WHERE id = ?", [6]))
            for column in ["t", "i", "d", "b", "f", "ts"] {
                #expect(row.value(column: column) == .null)
            }
            #expect(try row.decode(Date?.self, column: "ts") == nil)
            #expect(try row.decode(Bool?.self, column: "f") == nil)

            let flags = try await db.query("SELECT id FROM vals WHERE f = ? ORDER BY id", [true])
            #expect(try flags.map { try $0.decode(Int.self, column: "id") } == [1])
        }
    }
}
