/// One row of a query result: column names and values, decoded by name or index.
///
/// ```swift
/// let row = try await db.queryFirst("SELECT id, name, created_at FROM items WHERE id = ?", [.init(id)])
/// let name = try row?.decode(String.self, column: "name")
/// let created = try row?["created_at", as: Date.self]
/// let note = try row?.decode(String?.self, column: "note")  // nil for NULL
/// ```
///
/// Column lookup is exact first, then case-insensitive, because PostgreSQL folds
/// unquoted names to lower case while SQLite keeps them as written. Decoding
/// failures throw ``StorageError/Code/decoding`` naming the column and the types,
/// never the value.
package struct SQLRow: Sendable {
    /// The column names, in result order.
    package var columns: [String] { layout.names }
    /// The values, in result order.
    package let values: [SQLValue]
    let layout: SQLColumnLayout

    init(layout: SQLColumnLayout, values: [SQLValue]) {
        self.layout = layout
        self.values = values
    }

    /// The raw value of a column, or `nil` when the row has no such column.
    package func value(column: String) -> SQLValue? {
        layout.index(of: column).map { values[$0] }
    }

    /// Decodes the value of the named column.
    ///
    /// - Throws: ``StorageError/Code/decoding`` when the column is missing, is `NULL`
    ///   for a non-optional type, or holds another type.
    package func decode<T: SQLValueConvertible>(_ type: T.Type = T.self, column: String) throws -> T {
        guard let index = layout.index(of: column) else {
            throw StorageError(.decoding, "no column \"\(column)\" in the result")
        }
        return try decode(type, at: index, name: column)
    }

    /// Decodes the value at a zero-based column index.
    ///
    /// - Throws: ``StorageError/Code/decoding`` when the index is out of range or the
    ///   value does not convert.
    package func decode<T: SQLValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        guard values.indices.contains(index) else {
            throw StorageError(.decoding, "no column at index \(index) in a result of \(values.count) columns")
        }
        return try decode(type, at: index, name: layout.names[index])
    }

    /// Decodes the named column: `try row["name", as: String.self]`.
    package subscript<T: SQLValueConvertible>(column: String, as type: T.Type) -> T {
        get throws { try decode(type, column: column) }
    }

    /// Decodes the column at an index: `try row[0, as: Int.self]`.
    package subscript<T: SQLValueConvertible>(index: Int, as type: T.Type) -> T {
        get throws { try decode(type, at: index) }
    }

    private func decode<T: SQLValueConvertible>(_ type: T.Type, at index: Int, name: String) throws -> T {
        let value = values[index]
        guard let decoded = T(sqlValue: value) else {
            let expected = String(describing: T.self)
            if value.isNull {
                throw StorageError(.decoding, "column \"\(name)\" is NULL, expected \(expected)")
            }
            throw StorageError(.decoding, "column \"\(name)\" holds \(value.kind), expected \(expected)")
        }
        return decoded
    }
}

/// The column names of one result, shared by all its rows, with a name index.
final class SQLColumnLayout: Sendable {
    let names: [String]
    private let exact: [String: Int]
    private let folded: [String: Int]

    init(names: [String]) {
        self.names = names
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        // The first column of a given name wins, as in most SQL client libraries.
        for (index, name) in names.enumerated() {
            if exact[name] == nil { exact[name] = index }
            let lower = name.lowercased()
            if folded[lower] == nil { folded[lower] = index }
        }
        self.exact = exact
        self.folded = folded
    }

    func index(of name: String) -> Int? {
        exact[name] ?? folded[name.lowercased()]
    }
}
