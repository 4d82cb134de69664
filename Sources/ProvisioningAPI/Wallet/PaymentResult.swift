/// The answer to a ``PaymentRequest``.
///
/// A decline is an answer, not an error (HTTP 200): ``declineReason`` is
/// `declined` when the card is not active (inactive, suspended, deleted) and
/// `cryptogram-invalid` when the key is unknown, used, replaced by a newer
/// batch or expired, or the cryptogram does not verify. A declined payment
/// consumes nothing.
package struct PaymentResult: Codable, Hashable, Sendable {
    /// The decision.
    package var outcome: PaymentOutcome
    /// The network's authorization identifier of an approved payment.
    package var authorizationId: String?
    /// Why a payment was declined, as a problem type.
    package var declineReason: ProblemType?
    /// Keys left on the card after this payment.
    package var paymentsLeft: Int?

    package init(
        outcome: PaymentOutcome, authorizationId: String? = nil, declineReason: ProblemType? = nil,
        paymentsLeft: Int? = nil
    ) {
        self.outcome = outcome
        self.authorizationId = authorizationId
        self.declineReason = declineReason
        self.paymentsLeft = paymentsLeft
    }
}
