/// Standard base64 with padding (RFC 4648 §4), decoded strictly.
///
/// Foundation's `Data(base64Encoded:)` accepts non-canonical trailing bits;
/// this decoder does not, and never skips whitespace or line breaks (strip PEM
/// armour before decoding).
///
/// ```swift
/// let text = Base64.encode(Array("hi".utf8))    // "aGk="
/// let bytes = try Base64.decode("aGk=")
/// ```
package enum Base64 {
    /// Encodes with `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        Base64Alphabet.standard.encode(bytes)
    }

    /// Decodes strictly: standard alphabet, padding required, no whitespace, and
    /// zero unused trailing bits.
    /// - Throws: ``CryptoError/Code/invalidEncoding``.
    package static func decode<Text: StringProtocol>(_ text: Text) throws -> [UInt8] {
        guard let bytes = Base64Alphabet.standard.decode(text.utf8) else {
            throw CryptoError(.invalidEncoding, "not canonical padded base64")
        }
        return bytes
    }
}
