/// Any JSON value, for JWT custom claims and JOSE header members this module
/// does not model.
///
/// Integers that fit in `Int64` decode as ``integer(_:)``; other numbers as
/// ``number(_:)``.
///
/// ```swift
/// if case .string(let scope)? = claims[custom: "scope"] { … }
/// ```
package enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each failed attempt throws (and builds) a DecodingError, so the commonest
        // kinds in JOSE objects, strings then numbers, go first. The kinds exclude
        // each other, except that Double accepts every number Int64 does: a number
        // is an integer exactly when it is integral and Int64 accepts it.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            if value.rounded(.towardZero) == value, let integer = try? container.decode(Int64.self) {
                self = .integer(integer)
            } else {
                self = .number(value)
            }
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, if this is a string.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, if this is a number (integer or not).
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The integer, if this is an integral number that fits in `Int64`.
    package var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is `true` or `false`.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
