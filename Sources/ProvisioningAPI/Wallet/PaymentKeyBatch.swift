import Foundation

/// The answer of `POST …/wallets/{walletId}/cards/{cardId}/payment-keys`: a
/// new batch of payment keys, replacing the unused ones.
///
/// The keys are encrypted to the wallet's registered public key with the
/// batch's ``ephemeralPublicKey`` (ECDH P-256, as ECC_V2); the service
/// documents the exact derivation when it implements it.
public struct PaymentKeyBatch: Codable, Hashable, Sendable {
    /// The card the keys belong to.
    public var cardId: String
    /// The kind of keys.
    public var keyType: PaymentKeyType
    /// When the batch was issued.
    public var issuedAt: Date
    /// The ephemeral P-256 public key of the batch, X9.62 uncompressed point.
    public var ephemeralPublicKey: Data
    /// The keys.
    public var keys: [PaymentKey]

    public init(cardId: String, keyType: PaymentKeyType, issuedAt: Date, ephemeralPublicKey: Data, keys: [PaymentKey]) {
        self.cardId = cardId
        self.keyType = keyType
        self.issuedAt = issuedAt
        self.ephemeralPublicKey = ephemeralPublicKey
        self.keys = keys
    }
}
