/// Which databases the current task is inside a transaction of.
///
/// Calling the database itself from a transaction's body would wait for the
/// writer the transaction holds (SQLite) or silently run outside the transaction
/// (PostgreSQL); both are bugs, reported as ``StorageError/Code/misuse``.
enum TransactionScope {
    @TaskLocal static var openDatabases: Set<ObjectIdentifier> = []

    static func ensureOutside(_ database: AnyObject) throws {
        if openDatabases.contains(ObjectIdentifier(database)) {
            throw StorageError(
                .misuse,
                "the database was called from inside one of its transactions; use the transaction's handle")
        }
    }

    static func inside<T>(_ database: AnyObject, _ body: () async throws -> T) async throws -> T {
        var databases = openDatabases
        databases.insert(ObjectIdentifier(database))
        return try await $openDatabases.withValue(databases, operation: body)
    }
}
