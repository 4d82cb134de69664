import Foundation

/// The answer of `POST …/wallets/{walletId}/cards/{cardId}/payment-keys`: a
/// new batch of payment keys, replacing the unused ones (which stop working).
///
/// A batch holds ``PaymentKeyBatch/defaultBatchSize`` keys per network of the
/// card (main, and auxiliary for a dual-brand card), all encrypted to the
/// wallet's registered P-256 public key `W`:
///
/// 1. The service draws an ephemeral P-256 key pair `(e, E)` per batch;
///    ``ephemeralPublicKey`` is `E` as an X9.62 uncompressed point (65 bytes).
/// 2. `Z` = ECDH(`e`, `W`): the 32-byte x-coordinate of the shared point
///    (CryptoKit: `sharedSecretFromKeyAgreement`).
/// 3. `KEK` = HKDF-SHA256(IKM `Z`, salt `E` (65 bytes), info
///    ``keyDerivationInfo`` in UTF-8, 32 bytes)
///    (CryptoKit: `hkdfDerivedSymmetricKey(using: SHA256.self, salt:, sharedInfo:, outputByteCount: 32)`).
/// 4. Each key: AES-256-GCM(`KEK`, random 12-byte nonce, plaintext = the
///    32-byte key, AAD = UTF-8 of ``PaymentKey/keyId``) → ``PaymentKey/encryptedKey``.
///
/// The wallet keeps the decrypted keys in secure storage and uses each once
/// (see ``PaymentRequest/transactionData``).
package struct PaymentKeyBatch: Codable, Hashable, Sendable {
    /// The card the keys belong to.
    package var cardId: String
    /// The kind of keys.
    package var keyType: PaymentKeyType
    /// When the batch was issued.
    package var issuedAt: Date
    /// The ephemeral P-256 public key of the batch, X9.62 uncompressed point.
    package var ephemeralPublicKey: Data
    /// The keys.
    package var keys: [PaymentKey]
    /// The card's key counts after this batch.
    package var paymentKeyInfo: PaymentKeyStatus

    package init(
        cardId: String, keyType: PaymentKeyType, issuedAt: Date, ephemeralPublicKey: Data, keys: [PaymentKey],
        paymentKeyInfo: PaymentKeyStatus
    ) {
        self.cardId = cardId
        self.keyType = keyType
        self.issuedAt = issuedAt
        self.ephemeralPublicKey = ephemeralPublicKey
        self.keys = keys
        self.paymentKeyInfo = paymentKeyInfo
    }

    /// The HKDF `info` of the key-encryption key, UTF-8.
    package static let keyDerivationInfo = "TPC-PaymentKeys-1"
    /// How many keys a batch holds per network.
    package static let defaultBatchSize = 10
}
