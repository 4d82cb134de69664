import Foundation

/// One token of a card: where it lives, who requested it and its state.
///
/// Returned by `GET …/cards/{cardRef}/tokens` and by the back office's token
/// search. Contains suffixes only, never a PAN or a full token number.
package struct TokenInfo: Codable, Hashable, Sendable {
    /// The token's identifier; Apple's `deviceAccountIdentifier`.
    package var tokenId: String
    /// The token's state.
    package var state: TokenStatus
    /// The token requestor (wallet provider) identifier, e.g. Apple Pay's.
    package var tokenRequestorId: String
    /// The token requestor's display name, when known.
    package var tokenRequestorName: String?
    /// The issuer's reference of the funding card. Present in back-office
    /// results, where tokens of several cards are listed together.
    package var cardRef: String?
    /// The last four digits of the funding PAN.
    package var panSuffix: String
    /// The last four digits of the token (device account number).
    package var tokenSuffix: String
    /// The token's expiry, `MM/YY`.
    package var tokenExpiry: String
    /// The card's network.
    package var scheme: CardSchemeName
    /// The device the token is on.
    package var device: DeviceInfo
    /// When the token was created.
    package var createdAt: Date
    /// When the token last changed.
    package var updatedAt: Date

    package init(
        tokenId: String,
        state: TokenStatus,
        tokenRequestorId: String,
        tokenRequestorName: String? = nil,
        cardRef: String? = nil,
        panSuffix: String,
        tokenSuffix: String,
        tokenExpiry: String,
        scheme: CardSchemeName,
        device: DeviceInfo,
        createdAt: Date,
        updatedAt: Date
    ) {
        self.tokenId = tokenId
        self.state = state
        self.tokenRequestorId = tokenRequestorId
        self.tokenRequestorName = tokenRequestorName
        self.cardRef = cardRef
        self.panSuffix = panSuffix
        self.tokenSuffix = tokenSuffix
        self.tokenExpiry = tokenExpiry
        self.scheme = scheme
        self.device = device
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
