/// The body of `POST /v1/issuers/{issuerId}/backoffice/tokens/{tokenId}/state`:
/// an operator changes a token's state.
///
/// Unlike ``TokenStateChangeRequest`` it carries no authorization code: the
/// per-issuer back-office API key (`Authorization: Bearer <key>`) authorizes
/// the operation, and the service already knows the token's scheme and token
/// requestor. The ``reason`` is written to the audit log; it must not contain
/// card data. Answered by ``TokenStateChangeResponse``.
package struct BackOfficeTokenStateChangeRequest: Codable, Hashable, Sendable {
    /// What to do.
    package var action: TokenLifecycleAction
    /// Why, for the audit log (for example a support ticket number).
    package var reason: String?

    package init(action: TokenLifecycleAction, reason: String? = nil) {
        self.action = action
        self.reason = reason
    }
}
