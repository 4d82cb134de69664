import ProvisioningPrimitives

/// A JWS `alg` value (RFC 7518 §3.1).
///
/// Any string can be represented, so that a header naming an algorithm this
/// module refuses (`none`, `HS256`) still parses and is then refused with
/// ``CryptoError/Code/unsupportedAlgorithm``. Only ``es256``, ``rs256`` and
/// ``ps256`` sign or verify.
package struct JWSAlgorithm: ExtensibleEnumeration, Codable {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// ECDSA on P-256 with SHA-256; signature is raw `r ‖ s` (64 bytes).
    package static let es256 = JWSAlgorithm(rawValue: "ES256")
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    package static let rs256 = JWSAlgorithm(rawValue: "RS256")
    /// RSASSA-PSS with SHA-256, MGF1-SHA-256, 32-byte salt.
    package static let ps256 = JWSAlgorithm(rawValue: "PS256")

    /// The algorithms this module implements.
    package static let supported: Set<JWSAlgorithm> = [.es256, .rs256, .ps256]

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether `key` is of the type this algorithm needs.
    func fits(_ key: AnyPublicKey) -> Bool {
        switch (self, key) {
        case (.es256, .p256): true
        case (.rs256, .rsa), (.ps256, .rsa): true
        default: false
        }
    }
}
