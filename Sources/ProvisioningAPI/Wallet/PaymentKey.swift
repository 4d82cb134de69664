import Foundation

/// One limited-use payment key, encrypted to the wallet.
public struct PaymentKey: Codable, Hashable, Sendable {
    /// The key's identifier, quoted in the payment that uses it.
    public var keyId: String
    /// The network the key pays with (main or auxiliary).
    public var scheme: CardSchemeName
    /// When the key stops being accepted (`nil` for keys without expiry).
    public var expiresAt: Date?
    /// The key, AES-256-GCM under the batch's ECDH key (ciphertext ‖ tag).
    public var encryptedKey: Data

    public init(keyId: String, scheme: CardSchemeName, expiresAt: Date? = nil, encryptedKey: Data) {
        self.keyId = keyId
        self.scheme = scheme
        self.expiresAt = expiresAt
        self.encryptedKey = encryptedKey
    }
}
