/// One SQL statement with its bindings, for ``SQLDatabase/executeAtomically(_:)``.
///
/// ```swift
/// let insert = SQLStatement("INSERT INTO kv (key, value) VALUES (?, ?)", ["greeting", "hello"])
/// ```
public struct SQLStatement: Sendable, Hashable {
    /// One statement, with `?` placeholders.
    public var sql: String
    /// A value per placeholder, in order.
    public var bindings: [SQLValue]

    public init(_ sql: String, _ bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }
}
