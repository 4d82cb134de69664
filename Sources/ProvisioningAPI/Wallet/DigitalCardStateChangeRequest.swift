/// The body of `POST …/wallets/{walletId}/cards/{cardId}/state`: the wallet's
/// user suspends, resumes or deletes a card. (Activation goes through
/// ``ActivationVerificationRequest``.) Answered by the updated
/// ``DigitalCardResource``.
public struct DigitalCardStateChangeRequest: Codable, Hashable, Sendable {
    /// What to do; `ACTIVATE` is refused here.
    public var action: TokenLifecycleAction

    public init(action: TokenLifecycleAction) {
        self.action = action
    }
}
