import Foundation
import ProvisioningStorage

/// A row of `wallets`.
struct WalletRecord: Sendable, Hashable {
    let walletId: String
    let issuerId: String
    let userId: String
    let deviceName: String
    /// X9.62 uncompressed P-256 point.
    let publicKey: [UInt8]
    let defaultCardId: String?
    let createdAt: Date

    static let columns = "wallet_id, issuer_id, user_id, device_name, public_key, default_card_id, created_at"
}

// The row mapping, in an extension so that the struct keeps its memberwise initializer.
extension WalletRecord {
    init(row: SQLRow) throws {
        walletId = try row.decode(column: "wallet_id")
        issuerId = try row.decode(column: "issuer_id")
        userId = try row.decode(column: "user_id")
        deviceName = try row.decode(column: "device_name")
        publicKey = try row.decode(column: "public_key")
        defaultCardId = try row.decode(column: "default_card_id")
        createdAt = try row.decode(column: "created_at")
    }
}
