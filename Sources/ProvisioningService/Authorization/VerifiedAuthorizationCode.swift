import Foundation

/// The claims of an authorization code that passed signature, time, audience,
/// issuer and scope checks. Its bindings still have to be compared with the
/// request (see ``AuthorizationCodeVerifier``).
public struct VerifiedAuthorizationCode: Sendable, Hashable {
    /// The code's `jti`, consumed once per issuer.
    public let jwtID: String
    /// When the code stops being valid; the used-code record may be purged after it.
    public let expiresAt: Date
    /// The scopes the code grants.
    public let scopes: Set<AuthorizationScope>
    /// The `cardRef` binding, when present.
    public let cardRef: String?
    /// The `panLastFour` binding, when present.
    public let panLastFour: String?
    /// The `tokenId` binding, when present.
    public let tokenId: String?
    /// The `sub` claim (the bank's user id for wallet registration), when present.
    public let subject: String?

    public init(
        jwtID: String, expiresAt: Date, scopes: Set<AuthorizationScope>, cardRef: String?, panLastFour: String?,
        tokenId: String?, subject: String? = nil
    ) {
        self.jwtID = jwtID
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.cardRef = cardRef
        self.panLastFour = panLastFour
        self.tokenId = tokenId
        self.subject = subject
    }

    /// Checks the card bindings against a card: at least one binding must be
    /// present and each present one must match.
    ///
    /// - Throws: ``ServiceError`` `authorization-code-scope`.
    public func requireCard(cardRef: String, panLastFour: String) throws(ServiceError) {
        guard self.cardRef != nil || self.panLastFour != nil else {
            throw ServiceError(.authorizationCodeScope, "the authorization code is not bound to a card")
        }
        if let bound = self.cardRef, bound != cardRef {
            throw ServiceError(.authorizationCodeScope, "the authorization code is bound to another card")
        }
        if let bound = self.panLastFour, bound != panLastFour {
            throw ServiceError(.authorizationCodeScope, "the authorization code is bound to another card")
        }
    }

    /// Checks the `tokenId` binding.
    ///
    /// - Throws: ``ServiceError`` `authorization-code-scope` when it is missing or differs.
    public func requireToken(_ tokenId: String) throws(ServiceError) {
        guard self.tokenId == tokenId else {
            throw ServiceError(.authorizationCodeScope, "the authorization code is not bound to this token")
        }
    }
}
