/// Lower-case hexadecimal, as Apple's pass data carries nonces.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Encodes bytes as lower-case hex.
    package static func encode(_ bytes: [UInt8]) -> String {
        var characters = [UInt8]()
        characters.reserveCapacity(bytes.count * 2)
        append(bytes, to: &characters)
        return String(decoding: characters, as: UTF8.self)
    }

    /// Appends the lower-case hex of `bytes` to `characters` (UTF-8).
    static func append(_ bytes: [UInt8], to characters: inout [UInt8]) {
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
    }

    /// Decodes hex (either case). Odd lengths and non-hex characters are refused.
    /// - Throws: ``CryptoError/Code/invalidEncoding``.
    package static func decode<S: StringProtocol>(_ text: S) throws -> [UInt8] {
        let characters = Array(text.utf8)
        guard characters.count % 2 == 0 else { throw CryptoError(.invalidEncoding, "odd-length hex") }
        var bytes = [UInt8]()
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = value(characters[index]), let low = value(characters[index + 1]) else {
                throw CryptoError(.invalidEncoding, "not hex")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
