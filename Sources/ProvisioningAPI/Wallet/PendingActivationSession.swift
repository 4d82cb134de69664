import Foundation

/// An open ID&V session of an inactive digital card: the user proves who they
/// are with a one-time code, verified with ``ActivationVerificationRequest``.
package struct PendingActivationSession: Codable, Hashable, Sendable {
    /// The session's identifier.
    package var sessionId: String
    /// When the session ends.
    package var expiresAt: Date
    /// Wrong codes still allowed before the session locks.
    package var attemptsLeft: Int
    /// Where the code was sent (`sms`, `email`, `sandbox`), never the address.
    package var channel: String

    package init(sessionId: String, expiresAt: Date, attemptsLeft: Int, channel: String) {
        self.sessionId = sessionId
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
        self.channel = channel
    }
}
