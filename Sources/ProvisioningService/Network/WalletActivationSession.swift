import Foundation

/// An open ID&V session of a wallet card, without its code.
package struct WalletActivationSession: Sendable, Hashable {
    package var sessionId: String
    package var expiresAt: Date
    package var attemptsLeft: Int
    /// Where the code went (`sandbox`), never the address.
    package var channel: String

    package init(sessionId: String, expiresAt: Date, attemptsLeft: Int, channel: String) {
        self.sessionId = sessionId
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
        self.channel = channel
    }
}
