/// The answer to `GET /v1/issuers/{issuerId}/cards/{cardRef}/tokens`: every
/// token of the card, deleted ones included, newest first.
public struct CardTokensResponse: Codable, Hashable, Sendable {
    /// The card's tokens.
    public var tokens: [TokenInfo]

    public init(tokens: [TokenInfo]) {
        self.tokens = tokens
    }
}
