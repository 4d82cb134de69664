import Foundation
import ProvisioningAPI

extension WalletEngine {
    /// Enrols a card from the bank's encrypted payload; an active card gets
    /// its first batch of payment keys at once.
    func enroll(_ request: CardEnrollmentRequest) async throws(DigitalCardError) -> DigitalCardResource {
        guard !request.encryptedPayload.isEmpty, !request.authorizationCode.isEmpty else {
            throw DigitalCardError(.invalidArgument, "the encrypted payload and authorization code are required")
        }
        let wallet = try walletCredentials()
        let resource: DigitalCardResource = try await send(
            APIPaths.walletCardEnrollment(issuerId: configuration.issuerId, walletId: wallet.walletId), body: request)
        try apply(resource)
        if resource.state == .active {
            return try await replenish(cardId: resource.id)
        }
        return resource
    }

    /// Suspends, resumes or deletes a card.
    func changeState(
        cardId: String, action: TokenLifecycleAction
    ) async throws(DigitalCardError)
        -> DigitalCardResource
    {
        let wallet = try walletCredentials()
        do {
            let resource: DigitalCardResource = try await send(
                APIPaths.walletCardState(issuerId: configuration.issuerId, walletId: wallet.walletId, cardId: cardId),
                body: DigitalCardStateChangeRequest(action: action))
            try apply(resource)
            return resource
        } catch {
            throw await cardScopedError(error, cardId: cardId)
        }
    }

    /// Verifies an ID&V one-time code; an activated card gets its keys.
    func verifyActivation(
        cardId: String, sessionId: String, code: String
    ) async throws(DigitalCardError)
        -> DigitalCardResource
    {
        guard !code.isEmpty else { throw DigitalCardError(.invalidArgument, "the one-time code is empty") }
        let wallet = try walletCredentials()
        let resource: DigitalCardResource
        do {
            resource = try await send(
                APIPaths.walletCardActivation(
                    issuerId: configuration.issuerId, walletId: wallet.walletId, cardId: cardId),
                body: ActivationVerificationRequest(sessionId: sessionId, code: code))
        } catch  where [.activationCodeInvalid, .activationLocked, .activationExpired].contains(error.code) {
            // Attempts left (or a lock) changed on the service: pick that up.
            _ = try? await refresh()
            throw error
        }
        try apply(resource)
        if resource.state == .active {
            return try await replenish(cardId: resource.id)
        }
        return resource
    }

    /// Makes a card the wallet's default.
    func setDefault(cardId: String) async throws(DigitalCardError) -> DigitalCardResource {
        let wallet = try walletCredentials()
        do {
            let resource: DigitalCardResource = try await send(
                APIPaths.walletDefaultCard(issuerId: configuration.issuerId, walletId: wallet.walletId, set: true),
                body: DefaultCardRequest(cardId: cardId))
            try apply(resource)
            return resource
        } catch {
            throw await cardScopedError(error, cardId: cardId)
        }
    }
}
