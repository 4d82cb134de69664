/// One SQL statement with its bindings, for ``SQLDatabase/executeAtomically(_:)``.
///
/// ```swift
/// let insert = SQLStatement("INSERT INTO kv (key, value) VALUES (?, ?)", ["greeting", "hello"])
/// ```
package struct SQLStatement: Sendable, Hashable {
    /// One statement, with `?` placeholders.
    package var sql: String
    /// A value per placeholder, in order.
    package var bindings: [SQLValue]

    package init(_ sql: String, _ bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }
}
