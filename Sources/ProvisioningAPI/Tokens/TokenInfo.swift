import Foundation

/// One token of a card: where it lives, who requested it and its state.
///
/// Returned by `GET …/cards/{cardRef}/tokens` and by the back office's token
/// search. Contains suffixes only, never a PAN or a full token number.
public struct TokenInfo: Codable, Hashable, Sendable {
    /// The token's identifier; Apple's `deviceAccountIdentifier`.
    public var tokenId: String
    /// The token's state.
    public var state: TokenStatus
    /// The token requestor (wallet provider) identifier, e.g. Apple Pay's.
    public var tokenRequestorId: String
    /// The token requestor's display name, when known.
    public var tokenRequestorName: String?
    /// The issuer's reference of the funding card. Present in back-office
    /// results, where tokens of several cards are listed together.
    public var cardRef: String?
    /// The last four digits of the funding PAN.
    public var panSuffix: String
    /// The last four digits of the token (device account number).
    public var tokenSuffix: String
    /// The token's expiry, `MM/YY`.
    public var tokenExpiry: String
    /// The card's network.
    public var scheme: CardSchemeName
    /// The device the token is on.
    public var device: DeviceInfo
    /// When the token was created.
    public var createdAt: Date
    /// When the token last changed.
    public var updatedAt: Date

    public init(
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
