import Foundation

extension PaymentKeyBatch {
    /// The HKDF `info` of the key-encryption key, UTF-8.
    package static let keyDerivationInfo = "TPC-PaymentKeys-1"
    /// How many keys a batch holds per network.
    package static let defaultBatchSize = 10
}
