import Foundation

extension PaymentKey {
    /// The length of ``encryptedKey``: nonce (12) + key (32) + tag (16).
    package static let encryptedKeyByteCount = 60
    /// The length of a decrypted payment key.
    package static let keyByteCount = 32
}
