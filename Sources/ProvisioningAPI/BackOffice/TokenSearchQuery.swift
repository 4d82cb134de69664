import Foundation

/// The query of `GET /v1/issuers/{issuerId}/backoffice/tokens`.
///
/// ```swift
/// let query = TokenSearchQuery(state: .suspended, limit: 20)
/// let endpoint = try APIPaths.backOfficeTokens(issuerId: issuer, query: query)
/// ```
///
/// Results come newest first, ``limit`` at a time; pass the previous page's
/// ``TokenSearchResponse/nextCursor`` as ``cursor`` for the next page.
package struct TokenSearchQuery: Hashable, Sendable {
    /// The largest page the service returns.
    package static let maximumLimit = 200
    /// The page size when ``limit`` is `nil`.
    package static let defaultLimit = 50

    /// Only tokens in this state.
    package var state: TokenStatus?
    /// Only tokens of this card.
    package var cardRef: String?
    /// Page size, 1…``maximumLimit``.
    package var limit: Int?
    /// The opaque cursor of the previous page.
    package var cursor: String?

    package init(state: TokenStatus? = nil, cardRef: String? = nil, limit: Int? = nil, cursor: String? = nil) {
        self.state = state
        self.cardRef = cardRef
        self.limit = limit
        self.cursor = cursor
    }

    /// The query items, in a fixed order, omitting absent values.
    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let state { items.append(URLQueryItem(name: "state", value: state.rawValue)) }
        if let cardRef { items.append(URLQueryItem(name: "cardRef", value: cardRef)) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return items
    }

    /// Reads the query on the server side. Unknown parameters are ignored.
    ///
    /// - Throws: ``ProvisioningAPIError`` with code
    ///   ``ProvisioningAPIError/Code/invalidQueryParameter`` for an unknown
    ///   state or a limit outside 1…``maximumLimit``.
    package init(queryItems: [URLQueryItem]) throws(ProvisioningAPIError) {
        let query = QueryReader(queryItems)
        self.init(
            state: try query.enumeration("state"),
            cardRef: query.string("cardRef"),
            limit: try query.limit("limit", maximum: Self.maximumLimit),
            cursor: query.string("cursor"))
    }
}
