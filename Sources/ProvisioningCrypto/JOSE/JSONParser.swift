/// A strict RFC 8259 parser into ``JSONValue``, for the small documents this
/// package reads per request: JOSE headers, JWT claims, card payloads.
///
/// `JSONDecoder` into `JSONValue` builds (and throws away) a `DecodingError` for
/// every kind it tries before the right one; on the provisioning path that cost
/// more than the JSON was worth. This reads the bytes once, allocates only the
/// values it returns, and is stricter where strictness is safer: duplicate
/// member names and unpaired surrogates are refused, nesting is bounded.
struct JSONParser: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(CryptoError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw Self.error(.jsonSyntax, at: parser.index) }
        return value
    }

    private func fail(_ code: CryptoError.Code = .jsonSyntax) -> CryptoError {
        Self.error(code, at: index)
    }

    // One fixed detail per code: the input is a token or a card payload, so
    // none of it is quoted; the offset says where.
    private static func error(_ code: CryptoError.Code, at offset: Int) -> CryptoError {
        let detail =
            switch code {
            case .jsonInvalidUnicode: "a string is not valid Unicode"
            case .jsonDuplicateKey: "an object repeats a member name"
            case .jsonTooDeep: "nested deeper than \(JSONValue.maximumParsingDepth) levels"
            default: "not JSON (RFC 8259)"
            }
        return CryptoError(code, detail, offset: offset)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(CryptoError) -> JSONValue {
        guard let byte = current else { throw fail() }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail()
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(CryptoError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw fail() }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw fail()
        }
        index += count
    }

    private mutating func enter() throws(CryptoError) {
        depth += 1
        guard depth <= JSONValue.maximumParsingDepth else { throw fail(.jsonTooDeep) }
    }

    private mutating func parseObject() throws(CryptoError) -> JSONValue {
        try enter()
        index += 1
        // Room for a typical API object's members: growing from empty rehashed
        // a provisioning request's object four times.
        var object = [String: JSONValue](minimumCapacity: 8)
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw fail() }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail() }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            guard object.updateValue(value, forKey: key) == nil else {
                throw Self.error(.jsonDuplicateKey, at: keyOffset)
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(object)
            default:
                throw fail()
            }
        }
    }

    private mutating func parseArray() throws(CryptoError) -> JSONValue {
        try enter()
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(array)
        }
        while true {
            array.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(array)
            default:
                throw fail()
            }
        }
    }

    /// Reads a string starting at its opening quote.
    private mutating func parseString() throws(CryptoError) -> String {
        index += 1
        let start = index
        // The common case, no escape: validate the slice in place.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let string = String(validating: slice, as: UTF8.self) else {
                    throw Self.error(.jsonInvalidUnicode, at: start)
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw fail() }
            index += 1
        }
        guard index < bytes.count else { throw fail() }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: buffer, as: UTF8.self) else {
                    throw Self.error(.jsonInvalidUnicode, at: start)
                }
                index += 1
                return string
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &buffer)
            default:
                guard byte >= 0x20 else { throw fail() }
                buffer.append(byte)
                index += 1
            }
        }
        throw fail()
    }

    /// Reads the escape after a backslash into `buffer` as UTF-8.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws(CryptoError) {
        guard let byte = current else { throw fail() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try parseHex4())
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail(.jsonInvalidUnicode) }
                index += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00...0xDFFF).contains(low) else { throw fail(.jsonInvalidUnicode) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail(.jsonInvalidUnicode)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail(.jsonInvalidUnicode) }
            UTF8.encode(unicode) { buffer.append($0) }
        default:
            throw fail()
        }
    }

    private mutating func parseHex4() throws(CryptoError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw fail() }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail()
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Reads a number: an integer when it is integral and fits `Int64` (as the
    /// `Codable` path decided), otherwise a `Double`.
    private mutating func parseNumber() throws(CryptoError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw fail() }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        var integral = true
        if current == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard skipDigits() > 0 else { throw fail() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw fail() }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if integral, let integer = Int64(text) { return .integer(integer) }
        // Out of range either way, like the Codable path: overflow to infinity and
        // underflow of a non-zero mantissa to zero.
        guard let double = Double(text), double.isFinite,
            double != 0 || !Self.hasNonZeroMantissa(bytes[start..<index])
        else { throw Self.error(.jsonSyntax, at: start) }
        // 1.0, 1e3: integral values the Codable path also reads as integers, within
        // Int64's range (not merely rounding to its edge).
        if double.rounded(.towardZero) == double, abs(double) < 9.223_372_036_854_775_807e18,
            let integer = Int64(exactly: double)
        {
            return .integer(integer)
        }
        return .number(double)
    }

    private static func hasNonZeroMantissa(_ number: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        for byte in number {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) { return true }
        }
        return false
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }
}

extension JSONValue {
    /// Arrays and objects nest at most this deep in ``init(parsing:)``.
    package static let maximumParsingDepth = 64

    /// Parses one JSON document (RFC 8259) — any value, surrounded by optional
    /// whitespace.
    ///
    /// Stricter than `JSONDecoder` where that is safer: an object with a duplicate
    /// member name, an unpaired surrogate escape and nesting deeper than
    /// ``maximumParsingDepth`` are refused. Numbers that are integral and fit
    /// `Int64` become ``integer(_:)``; other numbers ``number(_:)``.
    ///
    /// ```swift
    /// let claims = try JSONValue(parsing: Array(#"{"exp": 1700000000}"#.utf8)).objectValue
    /// ```
    /// - Throws: ``CryptoError`` with ``CryptoError/Code/jsonSyntax``,
    ///   ``CryptoError/Code/jsonInvalidUnicode``, ``CryptoError/Code/jsonDuplicateKey``
    ///   or ``CryptoError/Code/jsonTooDeep``, and the fault's ``CryptoError/offset``.
    package init(parsing bytes: [UInt8]) throws(CryptoError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(CryptoError) in
            try JSONParser.parse(buffer)
        }
    }
}
