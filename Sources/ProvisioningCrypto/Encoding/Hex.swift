import ProvisioningPrimitives

/// Lower-case hexadecimal, as Apple's pass data carries nonces.
package enum Hex {
    /// Encodes bytes as lower-case hex.
    package static func encode(_ bytes: [UInt8]) -> String {
        var characters = [UInt8]()
        characters.reserveCapacity(bytes.count * 2)
        append(bytes, to: &characters)
        return String(decoding: characters, as: UTF8.self)
    }

    /// Appends the lower-case hex of `bytes` to `characters` (UTF-8).
    static func append(_ bytes: [UInt8], to characters: inout [UInt8]) {
        Hexadecimal.appendLowerCase(bytes, to: &characters)
    }

    /// Decodes hex (either case). Odd lengths and non-hex characters are refused.
    /// - Throws: ``CryptoError/Code/invalidEncoding``.
    package static func decode<S: StringProtocol>(_ text: S) throws -> [UInt8] {
        guard text.utf8.count % 2 == 0 else { throw CryptoError(.invalidEncoding, "odd-length hex") }
        guard let bytes = Hexadecimal.bytes(text) else { throw CryptoError(.invalidEncoding, "not hex") }
        return bytes
    }
}
