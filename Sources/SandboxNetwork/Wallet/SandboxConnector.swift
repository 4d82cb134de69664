import ProvisioningAPI
import ProvisioningService

/// What ``Sandbox/connector`` hands the service: the token vault for Apple Pay
/// tokens and the wallet network for issuer-wallet cards, behind one value
/// (``ProvisioningServiceApp`` finds the wallet side by its conformance).
struct SandboxConnector: TokenServiceConnector, WalletTokenService {
    let vault: NetworkTokenService
    let wallet: SandboxWalletNetwork

    func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        try await vault.changeTokenState(command)
    }

    func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? {
        try await vault.token(issuerId: issuerId, tokenId: tokenId, scheme: scheme)
    }

    func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool {
        vault.changesAreIdempotent(command)
    }

    func tokenize(_ request: WalletTokenizationRequest) async throws -> WalletTokenization {
        try await wallet.tokenize(request)
    }

    func activationSession(issuerId: String, cardId: String) async throws -> PendingActivationSession? {
        try await wallet.activationSession(issuerId: issuerId, cardId: cardId)
    }

    func verifyActivation(issuerId: String, cardId: String, sessionId: String, code: String) async throws {
        try await wallet.verifyActivation(issuerId: issuerId, cardId: cardId, sessionId: sessionId, code: code)
    }

    func changeState(issuerId: String, cardId: String, action: TokenLifecycleAction) async throws -> TokenState {
        try await wallet.changeState(issuerId: issuerId, cardId: cardId, action: action)
    }

    func issuePaymentKeys(issuerId: String, cardId: String, walletPublicKey: [UInt8]) async throws -> WalletKeyBatch {
        try await wallet.issuePaymentKeys(issuerId: issuerId, cardId: cardId, walletPublicKey: walletPublicKey)
    }

    func paymentKeyCounts(issuerId: String, cardId: String) async throws -> WalletKeyCounts {
        try await wallet.paymentKeyCounts(issuerId: issuerId, cardId: cardId)
    }
}
