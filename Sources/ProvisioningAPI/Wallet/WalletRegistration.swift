import Foundation

/// A registered wallet: the answer to ``WalletRegistrationRequest`` (201).
///
/// ``accessToken`` is the wallet's credential for every later wallet route:
/// send it as `Authorization: Bearer <accessToken>` (OpenAPI security scheme
/// `walletToken`). It is shown once, here; the service keeps only its
/// SHA-256 digest, so a lost token means registering the wallet again. The
/// token is bound to this wallet: used on another wallet's path it gets 404,
/// as if that wallet did not exist.
package struct WalletRegistration: Codable, Hashable, Sendable {
    /// The wallet's identifier, used in its routes.
    package var walletId: String
    /// The user it belongs to.
    package var userId: String
    /// When it was registered.
    package var createdAt: Date
    /// The wallet's bearer credential: base64url (no padding) of 32 random bytes.
    package var accessToken: String

    package init(walletId: String, userId: String, createdAt: Date, accessToken: String) {
        self.walletId = walletId
        self.userId = userId
        self.createdAt = createdAt
        self.accessToken = accessToken
    }
}

extension WalletRegistration: CustomStringConvertible, CustomDebugStringConvertible {
    // The access token is a credential: keep it out of logs.
    package var description: String { "WalletRegistration(walletId: \(walletId), userId: \(userId))" }
    package var debugDescription: String { description }
}
