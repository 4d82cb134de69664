import Foundation
import ProvisioningPrimitives

/// How ``SQLValue``s travel to and from PostgreSQL.
///
/// Parameters go in binary with an explicit type (`int8`, `float8`, `bool`,
/// `bytea`, `timestamptz`) so they are exact, except text, which goes as an untyped
/// text parameter so the server can read it as `text`, `varchar`, `uuid`, `jsonb`….
/// Results come as text and are parsed by column type: that keeps every type
/// readable (unknown ones arrive as ``SQLValue/text(_:)``) while the types the
/// library maps are still exact (PostgreSQL prints `float8` with round-trip
/// precision and timestamps with microseconds).
enum PostgresValueCoding {
    enum TypeOID {
        static let bool: UInt32 = 16
        static let bytea: UInt32 = 17
        static let int8: UInt32 = 20
        static let int2: UInt32 = 21
        static let int4: UInt32 = 23
        static let oid: UInt32 = 26
        static let float4: UInt32 = 700
        static let float8: UInt32 = 701
        static let timestamp: UInt32 = 1114
        static let timestamptz: UInt32 = 1184
        static let numeric: UInt32 = 1700
    }

    /// Microseconds between 1970-01-01 and PostgreSQL's epoch, 2000-01-01.
    private static let postgresEpochOffset: Int64 = 946_684_800_000_000

    /// Parameters laid out for `PQexecParams`.
    struct Parameters {
        /// Every non-null value, back to back, followed by one spare byte so that an
        /// empty value still gets a non-null pointer (null pointers mean SQL NULL).
        var bytes: [UInt8] = []
        /// The start of each value in `bytes`, `nil` for SQL NULL.
        var offsets: [Int?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        var types: [UInt32] = []
    }

    static func encode(_ values: [SQLValue]) throws -> Parameters {
        var parameters = Parameters()
        parameters.bytes.reserveCapacity(values.count * 24)
        parameters.offsets.reserveCapacity(values.count)
        parameters.lengths.reserveCapacity(values.count)
        parameters.formats.reserveCapacity(values.count)
        parameters.types.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            let start = parameters.bytes.count
            var type: UInt32 = 0
            var format: Int32 = 1
            switch value {
            case .null:
                parameters.offsets.append(nil)
                parameters.lengths.append(0)
                parameters.formats.append(0)
                parameters.types.append(0)
                continue
            case .text(let text):
                // Straight into the shared buffer: no array per parameter.
                parameters.bytes.append(contentsOf: text.utf8)
                if parameters.bytes[start...].contains(0) {
                    throw StorageError(
                        .invalidValue, "text parameter \(index + 1) contains a NUL character, which PostgreSQL refuses")
                }
                parameters.bytes.append(0)
                format = 0
            case .integer(let integer):
                appendBigEndian(UInt64(bitPattern: integer), to: &parameters.bytes)
                type = TypeOID.int8
            case .double(let number):
                appendBigEndian(number.bitPattern, to: &parameters.bytes)
                type = TypeOID.float8
            case .bool(let flag):
                parameters.bytes.append(flag ? 1 : 0)
                type = TypeOID.bool
            case .blob(let blob):
                parameters.bytes.append(contentsOf: blob)
                type = TypeOID.bytea
            case .timestamp(let date):
                let micros = TimestampText.microseconds(since1970: date)
                let (shifted, overflow) = micros.subtractingReportingOverflow(postgresEpochOffset)
                appendBigEndian(UInt64(bitPattern: overflow ? Int64.min : shifted), to: &parameters.bytes)
                type = TypeOID.timestamptz
            }
            parameters.offsets.append(start)
            parameters.lengths.append(Int32(clamping: parameters.bytes.count - start))
            parameters.formats.append(format)
            parameters.types.append(type)
        }
        parameters.bytes.append(0)
        return parameters
    }

    private static func appendBigEndian(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Decodes one text-format result value of the given column type.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, type: UInt32) -> SQLValue {
        let string = String(decoding: text, as: UTF8.self)
        switch type {
        case TypeOID.bool:
            return .bool(string == "t")
        case TypeOID.int8, TypeOID.int2, TypeOID.int4, TypeOID.oid:
            return Int64(string).map(SQLValue.integer) ?? .text(string)
        case TypeOID.float4, TypeOID.float8:
            switch string {
            case "NaN": return .double(.nan)
            case "Infinity": return .double(.infinity)
            case "-Infinity": return .double(-.infinity)
            default: return Double(string).map(SQLValue.double) ?? .text(string)
            }
        case TypeOID.numeric:
            // Integral numerics (COUNT/SUM results) become integers; others keep their
            // exact decimal text rather than lose digits in a Double.
            return Int64(string).map(SQLValue.integer) ?? .text(string)
        case TypeOID.bytea:
            return decodeHexBytea(text).map(SQLValue.blob) ?? .text(string)
        case TypeOID.timestamp, TypeOID.timestamptz:
            return TimestampText.parse(string).map(SQLValue.timestamp) ?? .text(string)
        default:
            return .text(string)
        }
    }

    /// `\x0a1b…` (bytea_output = hex, set on every connection).
    private static func decodeHexBytea(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = Hexadecimal.value(ofDigit: text[index]),
                let low = Hexadecimal.value(ofDigit: text[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
