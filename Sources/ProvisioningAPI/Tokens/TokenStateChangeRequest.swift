/// The body of `POST /v1/issuers/{issuerId}/tokens/{tokenId}/state`, sent by the
/// SDK's `updateTokenState`.
///
/// The ``authorizationCode`` is a code from the bank whose scope matches the
/// action (`token:activate`, `token:suspend`, …) and which is bound to the token.
/// Answered by ``TokenStateChangeResponse``; an action the token's state does
/// not allow is an `illegal-transition` problem (409).
package struct TokenStateChangeRequest: Codable, Hashable, Sendable {
    /// What to do.
    package var action: TokenLifecycleAction
    /// The token requestor (wallet provider) the token belongs to.
    package var tokenRequestorId: String
    /// The card's network.
    package var scheme: CardSchemeName
    /// The bank's single-use authorization code for this action.
    package var authorizationCode: String

    package init(
        action: TokenLifecycleAction, tokenRequestorId: String, scheme: CardSchemeName, authorizationCode: String
    ) {
        self.action = action
        self.tokenRequestorId = tokenRequestorId
        self.scheme = scheme
        self.authorizationCode = authorizationCode
    }
}
