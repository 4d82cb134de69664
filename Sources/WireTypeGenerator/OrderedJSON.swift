/// A JSON value that keeps the order of an object's members.
///
/// The order of a schema's `properties` is the order of the initializer's
/// parameters, and `JSONSerialization` hands objects back as dictionaries,
/// which lose it. The package's own strict parser lives in
/// ProvisioningCrypto, which links OpenSSL: a build tool of a module that
/// ships to iOS cannot depend on it.
indirect enum OrderedJSON {
    case object([(key: String, value: OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The member `key` of an object, or `nil`.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// Parses RFC 8259 text, strictly: a member name used twice in one
    /// object is refused rather than shadowed.
    ///
    /// - Throws: ``GeneratorFailure`` with the byte offset of the first error.
    static func parse(_ text: [UInt8]) throws(GeneratorFailure) -> OrderedJSON {
        var reader = Reader(bytes: text)
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == text.count else { throw reader.failure("text after the document") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func failure(_ what: String) -> GeneratorFailure {
            GeneratorFailure("openapi.json is not JSON at byte \(index): \(what)")
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws(GeneratorFailure) {
            let expected = Array(literal.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
            else { throw failure("expected \(literal)") }
            index += expected.count
        }

        mutating func value() throws(GeneratorFailure) -> OrderedJSON {
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            default:
                return .number(try number())
            }
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, RFC 8259's grammar.
        mutating func number() throws(GeneratorFailure) -> String {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integer = index
            guard digits() > 0, bytes[integer] != 0x30 || index == integer + 1 else { throw failure("not a number") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw failure("no digits after a decimal point") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw failure("no digits in an exponent") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func object() throws(GeneratorFailure) -> OrderedJSON {
            var members: [(key: String, value: OrderedJSON)] = []
            try elements(closing: "}") { reader throws(GeneratorFailure) in
                reader.skipSpace()
                let key = try reader.string()
                guard !members.contains(where: { $0.key == key }) else {
                    throw reader.failure("the member \(key) appears twice")
                }
                reader.skipSpace()
                try reader.expect(":")
                members.append((key, try reader.value()))
            }
            return .object(members)
        }

        mutating func array() throws(GeneratorFailure) -> OrderedJSON {
            var elements: [OrderedJSON] = []
            try self.elements(closing: "]") { reader throws(GeneratorFailure) in elements.append(try reader.value()) }
            return .array(elements)
        }

        /// The comma-separated elements of an object or array, read by
        /// `element` from the opening bracket through `closing`.
        mutating func elements(
            closing: Unicode.Scalar, _ element: (inout Reader) throws(GeneratorFailure) -> Void
        ) throws(GeneratorFailure) {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: closing) {
                index += 1
                return
            }
            while true {
                try element(&self)
                skipSpace()
                guard index < bytes.count else { throw failure("unterminated object or array") }
                index += 1
                if bytes[index - 1] == UInt8(ascii: closing) { return }
                guard bytes[index - 1] == UInt8(ascii: ",") else { throw failure("expected , or \(closing)") }
            }
        }

        /// A string: UTF-8 without control characters, its escapes decoded
        /// (a `\uXXXX` pair into one scalar; an unpaired surrogate is refused).
        mutating func string() throws(GeneratorFailure) -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() throws(GeneratorFailure) {
                guard let text = String(validating: run, as: UTF8.self) else { throw failure("not UTF-8") }
                scalars.append(contentsOf: text.unicodeScalars)
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    try flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush()
                    scalars.append(try escape())
                case 0x00..<0x20:
                    throw failure("a control character in a string")
                default:
                    run.append(byte)
                }
            }
            throw failure("unterminated string")
        }

        /// The character of the escape after a backslash.
        mutating func escape() throws(GeneratorFailure) -> Unicode.Scalar {
            guard index < bytes.count else { throw failure("unterminated string") }
            let escape = bytes[index]
            index += 1
            let simple: [UInt8: Unicode.Scalar] = [
                UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
                UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n",
                UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
            ]
            if let scalar = simple[escape] { return scalar }
            guard escape == UInt8(ascii: "u") else { throw failure("bad escape") }
            var code = try hexQuad()
            if (0xD800..<0xDC00).contains(code) {
                try expect("\\u")
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("an unpaired surrogate") }
            return scalar
        }

        mutating func hexQuad() throws(GeneratorFailure) -> UInt32 {
            guard bytes.count - index >= 4,
                let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw failure("bad \\u escape") }
            index += 4
            return code
        }
    }
}
