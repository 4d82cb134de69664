/// The body of `POST …/wallets/{walletId}/cards/{cardId}/activation`: the
/// one-time code of a ``PendingActivationSession``. Answered by the updated
/// ``DigitalCardResource``; a wrong code is `activation-code-invalid`, too
/// many wrong codes `activation-locked`.
public struct ActivationVerificationRequest: Codable, Hashable, Sendable {
    /// The session.
    public var sessionId: String
    /// The one-time code the user received.
    public var code: String

    public init(sessionId: String, code: String) {
        self.sessionId = sessionId
        self.code = code
    }
}
