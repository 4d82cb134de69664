/// Base64url without padding (RFC 4648 §5, as JOSE uses it: RFC 7515 §2).
///
/// ```swift
/// let text = Base64URL.encode([0xfb, 0xff])      // "-_8"
/// let bytes = try Base64URL.decode("-_8")        // [0xfb, 0xff]
/// ```
package enum Base64URL {
    /// Encodes without `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        Base64Alphabet.url.encode(bytes)
    }

    /// Decodes strictly: URL-safe alphabet only, no padding, no whitespace, and
    /// zero unused trailing bits.
    /// - Throws: ``CryptoError/Code/invalidEncoding``.
    package static func decode<Text: StringProtocol>(_ text: Text) throws -> [UInt8] {
        guard let bytes = Base64Alphabet.url.decode(text.utf8) else {
            throw CryptoError(.invalidEncoding, "not canonical unpadded base64url")
        }
        return bytes
    }
}
