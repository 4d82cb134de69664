import Foundation

/// Applies ``Migration``s that have not run yet, each once, in version order.
///
/// Applied versions are recorded in `schema_migrations (version, name, applied_at)`.
/// Each migration runs in its own transaction together with its record, so a
/// failing migration leaves neither its changes nor its record, and later
/// migrations are not attempted. Versions found in the table but missing from the
/// list (a newer release ran first) are left alone.
///
/// Several processes may migrate at once: on PostgreSQL each migration's
/// transaction first takes a transaction-level advisory lock
/// (`pg_advisory_xact_lock`) and checks the table again; on SQLite the
/// transaction's `BEGIN IMMEDIATE` write lock does the same.
///
/// ```swift
/// let applied = try await Migrator(migrations).migrate(db)   // e.g. [1, 2] the first time, [] after
/// ```
package struct Migrator: Sendable {
    /// The migrations, sorted by version.
    package let migrations: [Migration]
    /// The PostgreSQL advisory lock key that serializes migrators.
    package let lockKey: Int64

    /// The default advisory lock key: the ASCII bytes of "schemamg".
    package static let defaultLockKey: Int64 = 0x7363_6865_6D61_6D67

    package init(_ migrations: [Migration], lockKey: Int64 = Migrator.defaultLockKey) {
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.lockKey = lockKey
    }

    /// Applies every migration not yet recorded and returns the versions applied by
    /// this call, in order.
    ///
    /// - Throws: ``StorageError/Code/migration`` when two migrations share a version;
    ///   otherwise the ``StorageError`` of the failing migration, which is rolled back.
    @discardableResult
    package func migrate(_ database: any SQLDatabase) async throws -> [Int] {
        try validate()
        try await createTable(database)
        let alreadyApplied = Set(try await appliedMigrations(database).map(\.version))
        var appliedNow: [Int] = []
        for migration in migrations where !alreadyApplied.contains(migration.version) {
            let lockKey = self.lockKey
            let applied = try await database.transaction { tx in
                try await Self.lock(tx, key: lockKey)
                let recorded = try await tx.queryFirst(
                    "SELECT version FROM schema_migrations WHERE version = ?", [.integer(Int64(migration.version))])
                if recorded != nil { return false }
                try await tx.executeScript(migration.sql(for: tx.dialect))
                try await tx.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    [.integer(Int64(migration.version)), .text(migration.name), .timestamp(Date())])
                return true
            }
            if applied { appliedNow.append(migration.version) }
        }
        return appliedNow
    }

    /// The migrations recorded in `schema_migrations`, by version (the table is
    /// created, empty, if it does not exist yet).
    package func appliedMigrations(_ database: any SQLDatabase) async throws -> [AppliedMigration] {
        try await createTable(database)
        return try await database.query("SELECT version, name, applied_at FROM schema_migrations ORDER BY version")
            .map { row in
                AppliedMigration(
                    version: try row.decode(Int.self, column: "version"), name: try row.decode(column: "name"),
                    appliedAt: try row.decode(column: "applied_at"))
            }
    }

    private func validate() throws {
        for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.version == next.version {
            throw StorageError(.migration, "two migrations have version \(next.version)")
        }
    }

    private func createTable(_ database: any SQLDatabase) async throws {
        let lockKey = self.lockKey
        // Under the lock: two PostgreSQL sessions creating the table at once would
        // collide on the catalog even with IF NOT EXISTS.
        try await database.transaction { tx in
            try await Self.lock(tx, key: lockKey)
            try await tx.executeScript(
                tx.dialect.substitutingTypes(
                    in: """
                        CREATE TABLE IF NOT EXISTS schema_migrations (
                            version {bigint} PRIMARY KEY,
                            name TEXT NOT NULL,
                            applied_at {timestamp} NOT NULL
                        )
                        """))
        }
    }

    private static func lock(_ tx: any SQLExecutor, key: Int64) async throws {
        // SQLite needs nothing: the transaction already holds the database's write lock.
        if tx.dialect == .postgres {
            _ = try await tx.query("SELECT pg_advisory_xact_lock(?)", [.integer(key)])
        }
    }
}
