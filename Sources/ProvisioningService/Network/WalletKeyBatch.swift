import Foundation

/// A batch of payment keys as the network issued it, already encrypted to the
/// wallet (see `PaymentKeyBatch` in ProvisioningAPI for the format).
public struct WalletKeyBatch: Sendable, Hashable {
    /// One encrypted key.
    public struct Key: Sendable, Hashable {
        public var keyId: String
        public var scheme: CardScheme
        public var expiresAt: Date
        /// nonce ‖ ciphertext ‖ tag.
        public var encryptedKey: [UInt8]

        public init(keyId: String, scheme: CardScheme, expiresAt: Date, encryptedKey: [UInt8]) {
            self.keyId = keyId
            self.scheme = scheme
            self.expiresAt = expiresAt
            self.encryptedKey = encryptedKey
        }
    }

    public var issuedAt: Date
    /// The batch's ephemeral P-256 key, X9.62 uncompressed.
    public var ephemeralPublicKey: [UInt8]
    public var keys: [Key]

    public init(issuedAt: Date, ephemeralPublicKey: [UInt8], keys: [Key]) {
        self.issuedAt = issuedAt
        self.ephemeralPublicKey = ephemeralPublicKey
        self.keys = keys
    }
}
