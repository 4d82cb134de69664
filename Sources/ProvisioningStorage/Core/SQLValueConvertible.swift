import Foundation

/// A Swift type that can be bound as a parameter and decoded from a column.
///
/// The library conforms `String`, `Int`, `Int64`, `Int32`, `Double`, `Bool`, `Date`,
/// `[UInt8]`, `Data`, `UUID` and `Optional` of any of them. Conform your own types
/// (for example a `RawRepresentable` status enum) by mapping to and from one of
/// those:
///
/// ```swift
/// extension Status: SQLValueConvertible {
///     public var sqlValue: SQLValue { .text(rawValue) }
///     public init?(sqlValue: SQLValue) {
///         guard case .text(let text) = sqlValue else { return nil }
///         self.init(rawValue: text)
///     }
/// }
/// ```
package protocol SQLValueConvertible: Sendable {
    /// The value to bind.
    var sqlValue: SQLValue { get }
    /// Decodes a column value; returns `nil` when the value has another type or is
    /// out of range. ``SQLRow`` turns `nil` into a ``StorageError/Code/decoding`` error.
    init?(sqlValue: SQLValue)
}

extension String: SQLValueConvertible {
    package var sqlValue: SQLValue { .text(self) }
    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self = text
    }
}

extension Int64: SQLValueConvertible {
    package var sqlValue: SQLValue { .integer(self) }
    package init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Int: SQLValueConvertible {
    package var sqlValue: SQLValue { .integer(Int64(self)) }
    package init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Int32: SQLValueConvertible {
    package var sqlValue: SQLValue { .integer(Int64(self)) }
    package init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int32(exactly: value) else { return nil }
        self = exact
    }
}

extension Double: SQLValueConvertible {
    package var sqlValue: SQLValue { .double(self) }
    package init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .double(let value): self = value
        // SQLite stores a REAL without fraction as INTEGER in some expressions.
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: SQLValueConvertible {
    package var sqlValue: SQLValue { .bool(self) }
    package init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .bool(let value): self = value
        // SQLite has no boolean type: booleans are stored as 0 and 1.
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
}

extension Date: SQLValueConvertible {
    package var sqlValue: SQLValue { .timestamp(self) }
    package init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .timestamp(let date): self = date
        // SQLite stores timestamps as ISO 8601 text; PostgreSQL `date` columns arrive as text.
        case .text(let text):
            guard let date = TimestampText.parse(text) else { return nil }
            self = date
        default: return nil
        }
    }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    package var sqlValue: SQLValue { .blob(self) }
    package init?(sqlValue: SQLValue) {
        guard case .blob(let bytes) = sqlValue else { return nil }
        self = bytes
    }
}

extension Data: SQLValueConvertible {
    package var sqlValue: SQLValue { .blob(Array(self)) }
    package init?(sqlValue: SQLValue) {
        guard case .blob(let bytes) = sqlValue else { return nil }
        self = Data(bytes)
    }
}

extension UUID: SQLValueConvertible {
    /// UUIDs are bound as lower-case text, the form PostgreSQL's `uuid` type prints,
    /// so a column may be `TEXT` on SQLite and `uuid` or `text` on PostgreSQL.
    package var sqlValue: SQLValue { .text(uuidString.lowercased()) }
    package init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = uuid
        case .blob(let bytes) where bytes.count == 16:
            self = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        default: return nil
        }
    }
}

extension SQLValue: SQLValueConvertible {
    package var sqlValue: SQLValue { self }
    package init?(sqlValue: SQLValue) { self = sqlValue }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }
    package init?(sqlValue: SQLValue) {
        if case .null = sqlValue {
            self = .none
            return
        }
        guard let wrapped = Wrapped(sqlValue: sqlValue) else { return nil }
        self = .some(wrapped)
    }
}
