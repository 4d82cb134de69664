/// The SHA-256 digest of a back-office API key, as stored in the configuration
/// (`"sha256:<64 hex digits>"`), so that the configuration never holds a key.
///
/// The service hashes the presented key (with the crypto layer) and asks
/// ``matches(sha256Digest:)``, which compares in constant time.
///
/// ```sh
/// printf %s "$API_KEY" | openssl dgst -sha256 -hex   # → "sha256:" + the hex
/// ```
package struct APIKeyHash: Hashable, Sendable {
    /// The 32-byte digest.
    package let digest: [UInt8]

    /// Parses `"sha256:<64 hex digits>"` (hex in either case); `nil` otherwise.
    package init?(_ text: String) {
        guard text.hasPrefix("sha256:"), let bytes = HexDecoding.bytes(fromHex: text.dropFirst("sha256:".count)),
            bytes.count == 32
        else { return nil }
        digest = bytes
    }

    /// The configuration form, `sha256:` and lower-case hex.
    package var stringValue: String {
        "sha256:"
            + digest.map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
    }

    /// Whether `candidate` (the SHA-256 of a presented key) equals this digest.
    /// Takes the same time wherever the first difference is.
    package func matches(sha256Digest candidate: some Collection<UInt8>) -> Bool {
        guard candidate.count == digest.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(digest, candidate) { difference |= left ^ right }
        return difference == 0
    }
}

extension APIKeyHash: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let hash = APIKeyHash(try container.decode(String.self)) else {
            throw ConfigurationError(
                .invalidField, field: ConfigurationError.path(decoder.codingPath),
                detail: "expected sha256: followed by 64 hex digits")
        }
        self = hash
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }
}

/// Hex text to bytes, shared by the configuration types.
enum HexDecoding {
    static func bytes(fromHex text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
