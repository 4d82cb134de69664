/// The body of `POST /v1/issuers/{issuerId}/backoffice/tokens/{tokenId}/state`:
/// an operator changes a token's state.
///
/// Unlike ``TokenStateChangeRequest`` it carries no authorization code: the
/// per-issuer back-office API key (`Authorization: Bearer <key>`) authorizes
/// the operation, and the service already knows the token's scheme and token
/// requestor. The ``reason`` is written to the audit log; it must not contain
/// card data. Answered by ``TokenStateChangeResponse``.
public struct BackOfficeTokenStateChangeRequest: Codable, Hashable, Sendable {
    /// What to do.
    public var action: TokenLifecycleAction
    /// Why, for the audit log (for example a support ticket number).
    public var reason: String?

    public init(action: TokenLifecycleAction, reason: String? = nil) {
        self.action = action
        self.reason = reason
    }
}
