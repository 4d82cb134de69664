import Foundation

/// A registered wallet: the answer to ``WalletRegistrationRequest`` (201).
public struct WalletRegistration: Codable, Hashable, Sendable {
    /// The wallet's identifier, used in its routes.
    public var walletId: String
    /// The user it belongs to.
    public var userId: String
    /// When it was registered.
    public var createdAt: Date

    public init(walletId: String, userId: String, createdAt: Date) {
        self.walletId = walletId
        self.userId = userId
        self.createdAt = createdAt
    }
}
