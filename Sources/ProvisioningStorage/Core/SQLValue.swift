import Foundation

/// A value bound to an SQL placeholder or read from a result column.
///
/// Values always travel as bound parameters, never spliced into SQL text. Swift
/// literals convert directly, and every ``SQLValueConvertible`` type through
/// ``init(_:)``:
///
/// ```swift
/// try await db.execute(
///     "INSERT INTO items (id, name, size, payload) VALUES (?, ?, ?, ?)",
///     [.init(id), "Widget", 42, .blob(bytes)]
/// )
/// ```
///
/// How each case is stored:
///
/// | case | SQLite | PostgreSQL |
/// | --- | --- | --- |
/// | ``text(_:)`` | TEXT | untyped text parameter (the server infers `text`, `varchar`, `uuid`, `jsonb`…) |
/// | ``integer(_:)`` | INTEGER | `int8` |
/// | ``double(_:)`` | REAL (NaN becomes NULL in SQLite) | `float8` |
/// | ``blob(_:)`` | BLOB | `bytea` |
/// | ``bool(_:)`` | INTEGER 0/1 | `boolean` |
/// | ``timestamp(_:)`` | TEXT `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC, sorts in time order) | `timestamptz` |
///
/// Timestamps keep microsecond precision on both databases.
///
/// The ``description`` never shows the value itself, so a value printed by mistake
/// does not leak a secret into a log.
package enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case integer(Int64)
    case double(Double)
    case blob([UInt8])
    case bool(Bool)
    case timestamp(Date)
    case null

    /// Converts any ``SQLValueConvertible`` value, `nil` optionals becoming ``null``.
    package init(_ value: some SQLValueConvertible) {
        self = value.sqlValue
    }

    /// Whether this is ``null``.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name of the case, used in errors instead of the value.
    package var kind: String {
        switch self {
        case .text: "text"
        case .integer: "integer"
        case .double: "double"
        case .blob: "blob"
        case .bool: "bool"
        case .timestamp: "timestamp"
        case .null: "null"
        }
    }

    package var description: String { "<\(kind)>" }
}

extension SQLValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .double(value) }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension SQLValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}
