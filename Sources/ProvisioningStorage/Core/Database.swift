/// Opens a ``SQLDatabase`` from a URL-like string, so a service can take its
/// database from one configuration value.
///
/// | string | database |
/// | --- | --- |
/// | `sqlite::memory:` | a new in-memory SQLite database |
/// | `sqlite:PATH`, `sqlite://PATH` | the SQLite file at `PATH` (relative or absolute), created if missing |
/// | `postgres://…`, `postgresql://…` | PostgreSQL; the whole string goes to libpq unchanged (TLS settings included) |
///
/// ```swift
/// let db = try await Database.open(url: environment["DATABASE_URL"] ?? "sqlite:tpc.sqlite")
/// try await Migrator(migrations).migrate(db)
/// ```
package enum Database {
    /// Opens the database named by `url`.
    ///
    /// - Throws: ``StorageError/Code/invalidConfiguration`` for an unknown scheme or
    ///   an empty path; ``StorageError/Code/connectionFailure`` when the database
    ///   cannot be opened or reached.
    package static func open(
        url: String, sqlite: SQLiteOptions = SQLiteOptions(), postgres: PostgresOptions = PostgresOptions()
    ) async throws -> any SQLDatabase {
        switch try Location(url: url) {
        case .sqliteMemory:
            return try await SQLiteDatabase.openInMemory(options: sqlite)
        case .sqliteFile(let path):
            return try await SQLiteDatabase.open(path: path, options: sqlite)
        case .postgres(let connectionString):
            return try await PostgresDatabase.connect(connectionString, options: postgres)
        }
    }

    /// Where a database URL points.
    enum Location: Equatable {
        case sqliteMemory
        case sqliteFile(String)
        case postgres(String)

        init(url: String) throws {
            let lowered = url.lowercased()
            if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
                self = .postgres(url)
                return
            }
            guard lowered.hasPrefix("sqlite:") else {
                // The URL may carry a password: name only its scheme.
                let scheme = url.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                throw StorageError(
                    .invalidConfiguration,
                    "unsupported database URL scheme \"\(scheme.prefix(20))\"; use sqlite: or postgres:")
            }
            var path = String(url.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path.removeFirst(2) }
            if path == ":memory:" {
                self = .sqliteMemory
                return
            }
            guard !path.isEmpty else {
                throw StorageError(.invalidConfiguration, "the sqlite: URL names no file")
            }
            self = .sqliteFile(path)
        }
    }
}
