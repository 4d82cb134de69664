import Foundation
import ProvisioningStorage
import TestSupport
import Testing

/// The databases every conformance test runs against.
enum Driver: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteFile
    case sqliteMemory
    case postgres

    var testDescription: String { rawValue }
}

/// Creates a fresh, empty database per test: a temporary SQLite file, a new
/// in-memory database, or a new database in the shared PostgreSQL cluster.
enum TestDatabases {
    static func withDatabase<T>(
        _ driver: Driver, sqlite: SQLiteOptions = SQLiteOptions(), postgres: PostgresOptions = PostgresOptions(),
        _ body: (any SQLDatabase) async throws -> T
    ) async throws -> T {
        let url = try await makeURL(driver)
        let database = try await Database.open(url: url, sqlite: sqlite, postgres: postgres)
        do {
            let result = try await body(database)
            await database.close()
            removeSQLiteFiles(url)
            return result
        } catch {
            await database.close()
            removeSQLiteFiles(url)
            throw error
        }
    }

    /// A URL for a new empty database of `driver`.
    static func makeURL(_ driver: Driver) async throws -> String {
        switch driver {
        case .sqliteMemory:
            return "sqlite::memory:"
        case .sqliteFile:
            return "sqlite:" + NSTemporaryDirectory() + "storage-test-\(UUID().uuidString).sqlite"
        case .postgres:
            return try await PostgresDatabases.shared.create()
        }
    }

    static func removeSQLiteFiles(_ url: String) {
        guard url.hasPrefix("sqlite:"), url != "sqlite::memory:" else { return }
        let path = String(url.dropFirst("sqlite:".count))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// Creates one PostgreSQL database per test in the shared cluster, one at a time.
actor PostgresDatabases {
    static let shared = PostgresDatabases()
    private var admin: PostgresDatabase?
    private var counter = 0

    func create() async throws -> String {
        let cluster = try await PostgresCluster.shared()
        let admin = try await adminDatabase(cluster)
        counter += 1
        let name = "test_\(getpid())_\(counter)"
        try await admin.execute("CREATE DATABASE \(name)")
        return cluster.url(database: name)
    }

    private func adminDatabase(_ cluster: PostgresCluster) async throws -> PostgresDatabase {
        if let admin { return admin }
        let database = try await PostgresDatabase.connect(cluster.url(), options: PostgresOptions(poolSize: 1))
        admin = database
        return database
    }
}
