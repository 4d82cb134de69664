/// The answer to a ``PaymentRequest``.
public struct PaymentResult: Codable, Hashable, Sendable {
    /// The decision.
    public var outcome: PaymentOutcome
    /// The network's authorization identifier of an approved payment.
    public var authorizationId: String?
    /// Why a payment was declined, as a problem type.
    public var declineReason: ProblemType?
    /// Keys left on the card after this payment.
    public var paymentsLeft: Int?

    public init(
        outcome: PaymentOutcome, authorizationId: String? = nil, declineReason: ProblemType? = nil,
        paymentsLeft: Int? = nil
    ) {
        self.outcome = outcome
        self.authorizationId = authorizationId
        self.declineReason = declineReason
        self.paymentsLeft = paymentsLeft
    }
}
