import Foundation

/// The query of `GET /v1/issuers/{issuerId}/backoffice/audit`.
///
/// Every filter is optional; ``from`` is inclusive and ``to`` exclusive.
/// Paging works as in ``TokenSearchQuery``.
package struct AuditQuery: Hashable, Sendable {
    /// Only events at or after this instant.
    package var from: Date?
    /// Only events before this instant.
    package var to: Date?
    /// Only this action.
    package var action: AuditAction?
    /// Only this outcome.
    package var outcome: AuditOutcome?
    /// Only events of this token.
    package var tokenId: String?
    /// Only events of this card.
    package var cardRef: String?
    /// Only events of this request.
    package var requestId: String?
    /// Page size, 1…``TokenSearchQuery/maximumLimit``.
    package var limit: Int?
    /// The opaque cursor of the previous page.
    package var cursor: String?

    package init(
        from: Date? = nil,
        to: Date? = nil,
        action: AuditAction? = nil,
        outcome: AuditOutcome? = nil,
        tokenId: String? = nil,
        cardRef: String? = nil,
        requestId: String? = nil,
        limit: Int? = nil,
        cursor: String? = nil
    ) {
        self.from = from
        self.to = to
        self.action = action
        self.outcome = outcome
        self.tokenId = tokenId
        self.cardRef = cardRef
        self.requestId = requestId
        self.limit = limit
        self.cursor = cursor
    }

    /// The query items, in a fixed order, omitting absent values.
    package var queryItems: [URLQueryItem] {
        let pairs: [(String, String?)] = [
            ("from", from.map(WireDate.string(from:))),
            ("to", to.map(WireDate.string(from:))),
            ("action", action?.rawValue),
            ("outcome", outcome?.rawValue),
            ("tokenId", tokenId),
            ("cardRef", cardRef),
            ("requestId", requestId),
            ("limit", limit.map(String.init)),
            ("cursor", cursor),
        ]
        return pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
    }

    /// Reads the query on the server side. Unknown parameters are ignored.
    ///
    /// - Throws: ``ProvisioningAPIError`` with code
    ///   ``ProvisioningAPIError/Code/invalidQueryParameter`` for a malformed
    ///   date, an unknown outcome or a limit out of range.
    package init(queryItems: [URLQueryItem]) throws(ProvisioningAPIError) {
        let query = QueryReader(queryItems)
        self.init(
            from: try query.date("from"),
            to: try query.date("to"),
            action: query.string("action").map(AuditAction.init(rawValue:)),
            outcome: try query.enumeration("outcome"),
            tokenId: query.string("tokenId"),
            cardRef: query.string("cardRef"),
            requestId: query.string("requestId"),
            limit: try query.limit("limit", maximum: TokenSearchQuery.maximumLimit),
            cursor: query.string("cursor"))
    }
}
