import Foundation
import ProvisioningAPI

/// What the issuer-wallet API asks of the card networks: tokenize a card for
/// the issuer's own wallet, run its ID&V, change its state, and issue and
/// count its limited-use payment keys.
///
/// The network is the authority on token state, activation sessions and
/// payment keys (it verifies payments); the service keeps the wallet's view
/// (wallets, cards, display data) and mirrors the state after each call.
/// Operations address a digital card by the service's card id: one card
/// carries one token per brand (two for a dual-brand card), and the network
/// applies every operation to all of them.
///
/// Errors: ``ServiceError`` with the problem the client should see —
/// `declined` (tokenization refused), `activation-code-invalid`,
/// `activation-locked`, `activation-session-expired`, `not-found` (unknown
/// card or session), `illegal-transition` — or
/// ``ServiceError/Code/networkUnavailable`` when the network cannot be reached.
///
/// The sandbox implements it (`Sandbox.walletNetwork`); a connector that also
/// conforms to this protocol is picked up by ``ProvisioningServiceApp``.
package protocol WalletTokenService: Sendable {
    /// Tokenizes a card for a wallet; the network decides approval and ID&V.
    func tokenize(_ request: WalletTokenizationRequest) async throws -> WalletTokenization

    /// The open ID&V session of a card, or nil when there is none.
    func activationSession(issuerId: String, cardId: String) async throws -> PendingActivationSession?

    /// Checks a one-time code; on success every token of the card is active.
    func verifyActivation(issuerId: String, cardId: String, sessionId: String, code: String) async throws

    /// Suspends, resumes or deletes every token of the card; returns the new state.
    func changeState(issuerId: String, cardId: String, action: TokenLifecycleAction) async throws -> TokenState

    /// Issues a new batch of payment keys for every token of an active card,
    /// encrypted to `walletPublicKey`, replacing the unused ones.
    func issuePaymentKeys(issuerId: String, cardId: String, walletPublicKey: [UInt8]) async throws -> WalletKeyBatch

    /// Unused payment keys of a card, per brand.
    func paymentKeyCounts(issuerId: String, cardId: String) async throws -> WalletKeyCounts
}
