/// What the issuer returns to Apple for the ECC_V2 scheme: the fields of a
/// `PKAddPaymentPassRequest` (`activationData` is the issuer's own and is added
/// by the caller).
package struct ApplePayEncryptedPassData: Sendable, Hashable {
    /// AES-256-GCM ciphertext followed by its 16-byte tag.
    package var encryptedPassData: [UInt8]
    /// The ephemeral P-256 public key as an uncompressed X9.62 point (65 bytes).
    package var ephemeralPublicKey: [UInt8]

    package init(encryptedPassData: [UInt8], ephemeralPublicKey: [UInt8]) {
        self.encryptedPassData = encryptedPassData
        self.ephemeralPublicKey = ephemeralPublicKey
    }
}
