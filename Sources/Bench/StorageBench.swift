import Foundation
import ProvisioningStorage

/// `tpc-bench storage sqlite PATH` and `tpc-bench storage postgres URL`: one client,
/// single-row insert transactions per second and primary-key reads per second.
/// The PostgreSQL figures name the SQLite ones as their baseline.
enum StorageBench {
    static func run(_ arguments: [String]) async throws {
        guard arguments.count == 2, ["sqlite", "postgres"].contains(arguments[0]) else {
            print("usage: tpc-bench storage sqlite PATH | storage postgres URL")
            return
        }
        let kind = arguments[0]
        let database: any SQLDatabase =
            kind == "sqlite"
            ? try await SQLiteDatabase.open(path: arguments[1])
            : try await PostgresDatabase.connect(arguments[1])
        try await database.execute("DROP TABLE IF EXISTS bench_items")
        try await database.execute(
            database.dialect.substitutingTypes(
                in: "CREATE TABLE bench_items (id {bigint} PRIMARY KEY, name TEXT NOT NULL, payload {blob} NOT NULL)"))
        let payload = (0..<64).map { UInt8($0) }

        var nextID: Int64 = 0
        let inserts = try await measureAsyncRate {
            nextID += 1
            let id = nextID
            try await database.transaction { tx in
                try await tx.execute(
                    "INSERT INTO bench_items (id, name, payload) VALUES (?, ?, ?)",
                    [.integer(id), .text("item \(id)"), .blob(payload)])
            }
        }
        let rowCount = nextID
        let reads = try await measureAsyncRate {
            let id = Int64.random(in: 1...rowCount)
            guard
                try await database.queryFirst("SELECT name, payload FROM bench_items WHERE id = ?", [.integer(id)])
                    != nil
            else { throw StorageError(.other, "benchmark row \(id) is missing") }
        }
        try await database.execute("DROP TABLE bench_items")
        await database.close()

        let baseline = kind == "postgres"
        BenchFigure(
            name: "storage.\(kind).insert_tx_per_second", value: inserts, unit: "tx/s",
            baselineKey: baseline ? "storage.sqlite.insert_tx_per_second" : nil
        ).emit()
        BenchFigure(
            name: "storage.\(kind).point_reads_per_second", value: reads, unit: "reads/s",
            baselineKey: baseline ? "storage.sqlite.point_reads_per_second" : nil
        ).emit()
    }

    /// Runs `body` one call at a time for at least `seconds` and returns calls per second.
    private static func measureAsyncRate(seconds: Double = 2, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        var elapsed: Duration = .zero
        repeat {
            for _ in 0..<16 { try await body() }
            count += 16
            elapsed = clock.now - start
        } while elapsed < .seconds(seconds)
        let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(count) / secondsElapsed
    }
}
