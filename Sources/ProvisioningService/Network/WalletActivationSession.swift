import Foundation

/// An open ID&V session of a wallet card, without its code.
public struct WalletActivationSession: Sendable, Hashable {
    public var sessionId: String
    public var expiresAt: Date
    public var attemptsLeft: Int
    /// Where the code went (`sandbox`), never the address.
    public var channel: String

    public init(sessionId: String, expiresAt: Date, attemptsLeft: Int, channel: String) {
        self.sessionId = sessionId
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
        self.channel = channel
    }
}
