/// A page of `GET /v1/issuers/{issuerId}/backoffice/tokens`.
package struct TokenSearchResponse: Codable, Hashable, Sendable {
    /// The tokens of this page, each with its ``TokenInfo/cardRef``.
    package var tokens: [TokenInfo]
    /// The cursor of the next page; `nil` on the last page.
    package var nextCursor: String?

    package init(tokens: [TokenInfo], nextCursor: String? = nil) {
        self.tokens = tokens
        self.nextCursor = nextCursor
    }
}
