import Foundation

/// The claims of an authorization code that passed signature, time, audience,
/// issuer and scope checks. Its bindings still have to be compared with the
/// request (see ``AuthorizationCodeVerifier``).
package struct VerifiedAuthorizationCode: Sendable, Hashable {
    /// The code's `jti`, consumed once per issuer.
    package let jwtID: String
    /// When the code stops being valid; the used-code record may be purged after it.
    package let expiresAt: Date
    /// The scopes the code grants.
    package let scopes: Set<AuthorizationScope>
    /// The `cardRef` binding, when present.
    package let cardRef: String?
    /// The `panLastFour` binding, when present.
    package let panLastFour: String?
    /// The `tokenId` binding, when present.
    package let tokenId: String?
    /// The `sub` claim (the bank's user id for wallet registration), when present.
    package let subject: String?

    package init(
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
    package func requireCard(cardRef: String, panLastFour: String) throws(ServiceError) {
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
    package func requireToken(_ tokenId: String) throws(ServiceError) {
        guard self.tokenId == tokenId else {
            throw ServiceError(.authorizationCodeScope, "the authorization code is not bound to this token")
        }
    }
}
