/// The answer to `GET /v1/issuers/{issuerId}/cards/{cardRef}/tokens`: every
/// token of the card, deleted ones included, newest first.
package struct CardTokensResponse: Codable, Hashable, Sendable {
    /// The card's tokens.
    package var tokens: [TokenInfo]

    package init(tokens: [TokenInfo]) {
        self.tokens = tokens
    }
}
