import ProvisioningPrimitives

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
        guard text.hasPrefix("sha256:"), let bytes = Hexadecimal.bytes(text.dropFirst("sha256:".count)),
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
            throw ServiceError(
                .invalidSetting, field: ServiceError.settingPath(decoder.codingPath),
                "expected sha256: followed by 64 hex digits")
        }
        self = hash
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }
}
