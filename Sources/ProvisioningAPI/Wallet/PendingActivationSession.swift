import Foundation

/// An open ID&V session of an inactive digital card: the user proves who they
/// are with a one-time code, verified with ``ActivationVerificationRequest``.
public struct PendingActivationSession: Codable, Hashable, Sendable {
    /// The session's identifier.
    public var sessionId: String
    /// When the session ends.
    public var expiresAt: Date
    /// Wrong codes still allowed before the session locks.
    public var attemptsLeft: Int
    /// Where the code was sent (`sms`, `email`, `sandbox`), never the address.
    public var channel: String

    public init(sessionId: String, expiresAt: Date, attemptsLeft: Int, channel: String) {
        self.sessionId = sessionId
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
        self.channel = channel
    }
}
