/// The body of `POST …/wallets/{walletId}/cards/{cardId}/state`: the wallet's
/// user suspends, resumes or deletes a card. (Activation goes through
/// ``ActivationVerificationRequest``.) Answered by the updated
/// ``DigitalCardResource``.
package struct DigitalCardStateChangeRequest: Codable, Hashable, Sendable {
    /// What to do; `ACTIVATE` is refused here.
    package var action: TokenLifecycleAction

    package init(action: TokenLifecycleAction) {
        self.action = action
    }
}
