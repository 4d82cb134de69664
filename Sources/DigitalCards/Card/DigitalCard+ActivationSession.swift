import Foundation
import ProvisioningAPI

extension DigitalCard {
    /// The open ID&V session of an `.inactive` card: the user received a
    /// one-time code (by SMS, e-mail, or in the sandbox through its channel)
    /// and enters it in the app.
    ///
    /// ```swift
    /// if let session = try await card.pendingActivationSession {
    ///     let activated = try await session.verify(code: enteredCode)   // now .active, with keys
    /// }
    /// ```
    public struct ActivationSession: Hashable, Sendable {
        /// The session's identifier.
        public let sessionId: String
        /// The card being activated.
        public let cardId: String
        /// When the session ends; the card must be enrolled again afterwards.
        public let expiresAt: Date
        /// Wrong codes still allowed before the session locks.
        public let attemptsLeft: Int
        /// Where the code was sent (`sms`, `email`, `sandbox`), never the address.
        public let channel: String
        let engine: WalletEngine

        init(_ wire: PendingActivationSession, cardId: String, engine: WalletEngine) {
            sessionId = wire.sessionId
            self.cardId = cardId
            expiresAt = wire.expiresAt
            attemptsLeft = wire.attemptsLeft
            channel = wire.channel
            self.engine = engine
        }

        public static func == (lhs: ActivationSession, rhs: ActivationSession) -> Bool {
            lhs.sessionId == rhs.sessionId && lhs.cardId == rhs.cardId && lhs.attemptsLeft == rhs.attemptsLeft
                && lhs.expiresAt == rhs.expiresAt && lhs.channel == rhs.channel
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(sessionId)
        }

        /// Verifies the one-time code. On success the card becomes `.active`
        /// and receives its first payment keys.
        ///
        /// - Returns: the activated card.
        /// - Throws: ``DigitalCardError`` with ``DigitalCardError/Code/activationCodeInvalid``
        ///   (wrong code; the card stays `.inactive`), ``DigitalCardError/Code/activationLocked``
        ///   (too many wrong codes), ``DigitalCardError/Code/activationExpired``.
        public func verify(code: String) async throws(DigitalCardError) -> DigitalCard {
            let resource = try await engine.verifyActivation(cardId: cardId, sessionId: sessionId, code: code)
            return DigitalCard(resource, engine: engine)
        }
    }
}
