import Foundation

/// What makes this device's wallet: its registration and its private key.
/// Kept in the secret store as one item; never logged.
struct WalletCredentials: Codable, Sendable {
    var walletId: String
    var userId: String
    /// The wallet's bearer credential for the wallet API. Secret.
    var accessToken: String
    /// The wallet's P-256 private scalar. Secret.
    var privateKey: Data

    static let itemName = "wallet.json"
}

extension WalletCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    var description: String { "WalletCredentials(walletId: \(walletId))" }
    var debugDescription: String { description }
}
