import ProvisioningPrimitives

/// Percent-encoding of path segments and query components.
///
/// Everything but ALPHA, DIGIT, `-`, `_` and `~` is encoded — `.` included,
/// so an identifier can never turn into a dot segment once written, and `/`,
/// `?`, `#`, `%`, `+` and spaces always stay inside their segment or value.
enum PathSegment {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func encode(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isKept(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes a segment; `nil` for a malformed escape or bytes that are not UTF-8.
    static func decode(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Hexadecimal.value(ofDigit:)),
                let low = iterator.next().flatMap(Hexadecimal.value(ofDigit:))
            else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        // `String(validating:as:)` would say this directly but needs iOS 18.
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    /// Whether `value` can name a resource: not empty and not a dot segment,
    /// which URL normalization would remove or resolve (even when escaped,
    /// under the WHATWG URL rules).
    static func isValidIdentifier(_ value: String) -> Bool {
        !value.isEmpty && value != "." && value != ".."
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
