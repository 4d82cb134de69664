/// The answer to a token state change: the token and its new state.
///
/// Used by both `POST …/tokens/{tokenId}/state` and the back office's
/// `POST …/backoffice/tokens/{tokenId}/state`.
package struct TokenStateChangeResponse: Codable, Hashable, Sendable {
    /// The token that changed.
    package var tokenId: String
    /// Its state after the change.
    package var state: TokenStatus

    package init(tokenId: String, state: TokenStatus) {
        self.tokenId = tokenId
        self.state = state
    }
}
