import Foundation

/// One entry of the audit log.
///
/// Identifies a card only by the issuer's ``cardRef`` and the PAN's last four
/// digits; ``detail`` is free text written by the service and never contains
/// card data, codes or nonces.
public struct AuditEvent: Codable, Hashable, Sendable {
    /// The entry's identifier.
    public var id: String
    /// When it happened.
    public var at: Date
    /// The `X-Request-Id` of the request that caused it.
    public var requestId: String
    /// Who acted: `sdk`, `backoffice:<key id>`, `network:<scheme>`, `service`.
    public var actor: String
    /// What was attempted.
    public var action: AuditAction
    /// How it ended.
    public var outcome: AuditOutcome
    /// The card, by the issuer's reference.
    public var cardRef: String?
    /// The PAN's last four digits.
    public var panLastFour: String?
    /// The token concerned.
    public var tokenId: String?
    /// For a failure, the problem type URI that was answered.
    public var problemType: ProblemType?
    /// A short note (no card data).
    public var detail: String?

    public init(
        id: String,
        at: Date,
        requestId: String,
        actor: String,
        action: AuditAction,
        outcome: AuditOutcome,
        cardRef: String? = nil,
        panLastFour: String? = nil,
        tokenId: String? = nil,
        problemType: ProblemType? = nil,
        detail: String? = nil
    ) {
        self.id = id
        self.at = at
        self.requestId = requestId
        self.actor = actor
        self.action = action
        self.outcome = outcome
        self.cardRef = cardRef
        self.panLastFour = panLastFour
        self.tokenId = tokenId
        self.problemType = problemType
        self.detail = detail
    }
}
