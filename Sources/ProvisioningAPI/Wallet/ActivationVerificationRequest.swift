/// The body of `POST …/wallets/{walletId}/cards/{cardId}/activation`: the
/// one-time code of a ``PendingActivationSession``. Answered by the updated
/// ``DigitalCardResource``; a wrong code is `activation-code-invalid`, too
/// many wrong codes `activation-locked`.
package struct ActivationVerificationRequest: Codable, Hashable, Sendable {
    /// The session.
    package var sessionId: String
    /// The one-time code the user received.
    package var code: String

    package init(sessionId: String, code: String) {
        self.sessionId = sessionId
        self.code = code
    }
}
