import Foundation

/// One limited-use payment key, encrypted to the wallet.
///
/// ``encryptedKey`` is 60 bytes: a 12-byte AES-GCM nonce, the 32-byte
/// ciphertext of the key and the 16-byte tag (CryptoKit's
/// `AES.GCM.SealedBox.combined` layout), sealed with AES-256-GCM under the
/// batch's key-encryption key with the UTF-8 bytes of ``keyId`` as
/// additional authenticated data. See ``PaymentKeyBatch`` for the key
/// agreement and ``PaymentRequest/transactionData`` for what the key signs.
package struct PaymentKey: Codable, Hashable, Sendable {
    /// The key's identifier, quoted in the payment that uses it.
    package var keyId: String
    /// The network the key pays with (main or auxiliary).
    package var scheme: CardSchemeName
    /// When the key stops being accepted (`nil` for keys without expiry).
    package var expiresAt: Date?
    /// The key, AES-256-GCM under the batch's ECDH key: nonce ‖ ciphertext ‖ tag.
    package var encryptedKey: Data

    package init(keyId: String, scheme: CardSchemeName, expiresAt: Date? = nil, encryptedKey: Data) {
        self.keyId = keyId
        self.scheme = scheme
        self.expiresAt = expiresAt
        self.encryptedKey = encryptedKey
    }

    /// The length of ``encryptedKey``: nonce (12) + key (32) + tag (16).
    package static let encryptedKeyByteCount = 60
    /// The length of a decrypted payment key.
    package static let keyByteCount = 32
}
