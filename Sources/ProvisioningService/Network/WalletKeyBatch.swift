import Foundation

/// A batch of payment keys as the network issued it, already encrypted to the
/// wallet (see `PaymentKeyBatch` in ProvisioningAPI for the format).
package struct WalletKeyBatch: Sendable, Hashable {
    /// One encrypted key.
    package struct Key: Sendable, Hashable {
        package var keyId: String
        package var scheme: CardScheme
        package var expiresAt: Date
        /// nonce ‖ ciphertext ‖ tag.
        package var encryptedKey: [UInt8]

        package init(keyId: String, scheme: CardScheme, expiresAt: Date, encryptedKey: [UInt8]) {
            self.keyId = keyId
            self.scheme = scheme
            self.expiresAt = expiresAt
            self.encryptedKey = encryptedKey
        }
    }

    package var issuedAt: Date
    /// The batch's ephemeral P-256 key, X9.62 uncompressed.
    package var ephemeralPublicKey: [UInt8]
    package var keys: [Key]

    package init(issuedAt: Date, ephemeralPublicKey: [UInt8], keys: [Key]) {
        self.issuedAt = issuedAt
        self.ephemeralPublicKey = ephemeralPublicKey
        self.keys = keys
    }
}
