/// One forward-only schema change, identified by its version.
///
/// Write the SQL once with type placeholders (see ``SQLDialect``), or give each
/// dialect its own text where they truly differ. Several `;`-separated statements
/// are allowed; they run in one transaction, so on PostgreSQL avoid statements
/// that refuse transactions (`CREATE INDEX CONCURRENTLY`).
///
/// ```swift
/// let migrations = [
///     Migration(version: 1, name: "create items", sql: """
///         CREATE TABLE items (id {id}, name TEXT NOT NULL UNIQUE, payload {blob}, created_at {timestamp} NOT NULL);
///         CREATE INDEX items_created_at ON items (created_at);
///         """),
///     Migration(version: 2, name: "case-insensitive names",
///               sqlite: "CREATE UNIQUE INDEX items_name_ci ON items (name COLLATE NOCASE)",
///               postgres: "CREATE UNIQUE INDEX items_name_ci ON items (lower(name))"),
/// ]
/// ```
package struct Migration: Sendable, Hashable {
    /// The version, unique within the list; migrations apply in increasing order.
    package let version: Int
    /// A short description recorded with the version.
    package let name: String
    private let sqliteSQL: String
    private let postgresSQL: String

    /// A migration whose SQL serves both dialects after type placeholders such as
    /// `{id}`, `{blob}`, `{timestamp}`, `{bool}` are substituted.
    package init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name, sqlite: sql, postgres: sql)
    }

    /// A migration with SQL per dialect (placeholders are substituted in both too).
    package init(version: Int, name: String, sqlite: String, postgres: String) {
        self.version = version
        self.name = name
        self.sqliteSQL = sqlite
        self.postgresSQL = postgres
    }

    /// The SQL to run on `dialect`, placeholders substituted.
    package func sql(for dialect: SQLDialect) -> String {
        dialect.substitutingTypes(in: dialect == .postgres ? postgresSQL : sqliteSQL)
    }
}
