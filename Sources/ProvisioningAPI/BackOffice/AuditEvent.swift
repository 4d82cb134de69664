import Foundation

/// One entry of the audit log.
///
/// Identifies a card only by the issuer's ``cardRef`` and the PAN's last four
/// digits; ``detail`` is free text written by the service and never contains
/// card data, codes or nonces.
package struct AuditEvent: Codable, Hashable, Sendable {
    /// The entry's identifier.
    package var id: String
    /// When it happened.
    package var at: Date
    /// The `X-Request-Id` of the request that caused it.
    package var requestId: String
    /// Who acted: `sdk`, `backoffice:<key id>`, `network:<scheme>`, `service`.
    package var actor: String
    /// What was attempted.
    package var action: AuditAction
    /// How it ended.
    package var outcome: AuditOutcome
    /// The card, by the issuer's reference.
    package var cardRef: String?
    /// The PAN's last four digits.
    package var panLastFour: String?
    /// The token concerned.
    package var tokenId: String?
    /// For a failure, the problem type URI that was answered.
    package var problemType: ProblemType?
    /// A short note (no card data).
    package var detail: String?

    package init(
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
