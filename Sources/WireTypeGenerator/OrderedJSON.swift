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

    /// Parses RFC 8259 text.
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
                let start = index
                while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { throw failure("unexpected character") }
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        mutating func object() throws(GeneratorFailure) -> OrderedJSON {
            var members: [(key: String, value: OrderedJSON)] = []
            try elements(closing: "}") { reader throws(GeneratorFailure) in
                reader.skipSpace()
                let key = try reader.string()
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

        /// A string; escapes other than `\uXXXX` stand for their character,
        /// and `\uXXXX` pairs are joined into one scalar.
        mutating func string() throws(GeneratorFailure) -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    let simple: [UInt8: Unicode.Scalar] = [
                        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
                        UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n",
                        UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
                    ]
                    if let scalar = simple[escape] {
                        scalars.append(scalar)
                    } else if escape == UInt8(ascii: "u") {
                        var code = try hexQuad()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            code = 0x10000 + ((code - 0xD800) << 10) + (try hexQuad() - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw failure("bad \\u escape") }
                        scalars.append(scalar)
                    } else {
                        throw failure("bad escape")
                    }
                default:
                    run.append(byte)
                }
            }
            throw failure("unterminated string")
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
