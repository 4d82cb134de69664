/// Hex text to bytes and back.
package enum Hexadecimal {
    private static let lowerCaseDigits = Array("0123456789abcdef".utf8)

    /// The bytes of hex text (either case), or `nil` for an odd length or a
    /// character that is not a hex digit.
    package static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(ofDigit: utf8[index]), let low = value(ofDigit: utf8[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The value (0…15) of one hex digit in UTF-8, either case. Inlinable:
    /// the percent-decoding and PostgreSQL `bytea` loops call it per byte.
    @inlinable
    package static func value(ofDigit byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Appends the lower-case hex of `bytes` to `characters` (UTF-8).
    package static func appendLowerCase(_ bytes: [UInt8], to characters: inout [UInt8]) {
        for byte in bytes {
            characters.append(lowerCaseDigits[Int(byte >> 4)])
            characters.append(lowerCaseDigits[Int(byte & 0x0F)])
        }
    }
}
