import Foundation
import ProvisioningAPI

/// A decrypted payment key as the device keeps it (in the secret store only).
struct StoredPaymentKey: Codable, Hashable, Sendable {
    var keyId: String
    var scheme: CardSchemeName
    var expiresAt: Date?
    /// The 32-byte key. Secret.
    var secret: Data

    func isUsable(at date: Date) -> Bool {
        expiresAt.map { $0 > date } ?? true
    }
}

/// The payment keys one card holds on this device: the last batch minus the
/// keys already used.
struct PaymentKeyring: Codable, Hashable, Sendable {
    var keyType: PaymentKeyType
    var issuedAt: Date
    var keys: [StoredPaymentKey]

    func usable(scheme: CardSchemeName, at date: Date) -> [StoredPaymentKey] {
        keys.filter { $0.scheme == scheme && $0.isUsable(at: date) }
    }
}
