/// A page of `GET /v1/issuers/{issuerId}/backoffice/tokens`.
public struct TokenSearchResponse: Codable, Hashable, Sendable {
    /// The tokens of this page, each with its ``TokenInfo/cardRef``.
    public var tokens: [TokenInfo]
    /// The cursor of the next page; `nil` on the last page.
    public var nextCursor: String?

    public init(tokens: [TokenInfo], nextCursor: String? = nil) {
        self.tokens = tokens
        self.nextCursor = nextCursor
    }
}
