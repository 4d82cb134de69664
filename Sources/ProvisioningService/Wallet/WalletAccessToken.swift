import ProvisioningCrypto

/// The wallet's bearer credential: 32 random bytes, base64url without
/// padding. Only the SHA-256 digest (hex) is stored; with 256 bits of entropy
/// an unsalted digest cannot be reversed, and it lets the service find the
/// wallet by its credential without scanning.
enum WalletAccessToken {
    static let byteCount = 32

    /// A new token.
    static func make() throws -> String {
        Base64URL.encode(try SecureRandom.bytes(count: byteCount))
    }

    /// The stored digest of `token`.
    static func digest(of token: String) throws -> String {
        Hex.encode(try SHA256.hash(data: Array(token.utf8)))
    }
}
