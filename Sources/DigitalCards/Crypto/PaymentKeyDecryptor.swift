import Foundation
import ProvisioningAPI

/// Opens a ``PaymentKeyBatch`` with the wallet's private key, as the service
/// sealed it (see ``PaymentKeyBatch`` for the scheme): ECDH with the batch's
/// ephemeral key, HKDF-SHA256 to a key-encryption key, AES-256-GCM per key
/// with the key id as additional data.
struct PaymentKeyDecryptor: Sendable {
    let crypto: any WalletCryptoProvider

    /// The batch's keys in the clear, in the batch's order.
    /// - Throws: ``DigitalCardError/Code/cryptoFailure`` when any key does not
    ///   open (the batch was not made for this wallet, or was modified).
    func open(_ batch: PaymentKeyBatch, walletPrivateKey: Data) throws(DigitalCardError) -> [StoredPaymentKey] {
        do {
            let shared = try crypto.p256SharedSecret(
                privateKey: walletPrivateKey, peerPublicKey: batch.ephemeralPublicKey)
            let kek = try HKDF(crypto: crypto).deriveKey(
                inputKeyMaterial: shared, salt: batch.ephemeralPublicKey,
                info: Data(PaymentKeyBatch.keyDerivationInfo.utf8), outputByteCount: 32)
            return try batch.keys.map { key in
                guard key.encryptedKey.count == PaymentKey.encryptedKeyByteCount else {
                    throw DigitalCardError(.cryptoFailure, "a payment key has the wrong size")
                }
                let nonce = key.encryptedKey.prefix(12)
                let sealed = key.encryptedKey.dropFirst(12)
                let secret = try crypto.aesGCMOpen(
                    Data(sealed), key: kek, nonce: Data(nonce), authenticating: Data(key.keyId.utf8))
                guard secret.count == PaymentKey.keyByteCount else {
                    throw DigitalCardError(.cryptoFailure, "a payment key has the wrong size")
                }
                return StoredPaymentKey(keyId: key.keyId, scheme: key.scheme, expiresAt: key.expiresAt, secret: secret)
            }
        } catch let error as DigitalCardError {
            throw error
        } catch {
            throw DigitalCardError(.cryptoFailure, "the payment keys cannot be decrypted with this wallet's key")
        }
    }
}
