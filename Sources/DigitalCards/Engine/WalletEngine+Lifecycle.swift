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
        return try await applyWithKeys(resource)
    }

    /// Suspends, resumes or deletes a card.
    func changeState(
        cardId: String, action: TokenLifecycleAction
    ) async throws(DigitalCardError)
        -> DigitalCardResource
    {
        try await change(cardId: cardId, body: DigitalCardStateChangeRequest(action: action)) {
            walletId throws(ProvisioningAPIError) in
            try APIPaths.walletCardState(issuerId: configuration.issuerId, walletId: walletId, cardId: cardId)
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
        return try await applyWithKeys(resource)
    }

    /// Makes a card the wallet's default.
    func setDefault(cardId: String) async throws(DigitalCardError) -> DigitalCardResource {
        try await change(cardId: cardId, body: DefaultCardRequest(cardId: cardId)) {
            walletId throws(ProvisioningAPIError) in
            try APIPaths.walletDefaultCard(issuerId: configuration.issuerId, walletId: walletId, set: true)
        }
    }

    /// Sends a change of the card `cardId` to `endpoint` (given the wallet's
    /// id) and keeps the card the service answers with. A failure is the
    /// card's: a card the service no longer has leaves the cache
    /// (``cardScopedError(_:cardId:)``).
    private func change<Body: Encodable & Sendable>(
        cardId: String, body: Body, at endpoint: (_ walletId: String) throws(ProvisioningAPIError) -> APIEndpoint
    ) async throws(DigitalCardError) -> DigitalCardResource {
        let wallet = try walletCredentials()
        do {
            let resource: DigitalCardResource = try await send(try endpoint(wallet.walletId), body: body)
            try apply(resource)
            return resource
        } catch {
            throw await cardScopedError(error, cardId: cardId)
        }
    }

    /// Keeps a card the service has just enrolled or activated; an active
    /// card gets its first batch of payment keys at once.
    private func applyWithKeys(_ resource: DigitalCardResource) async throws(DigitalCardError) -> DigitalCardResource {
        try apply(resource)
        if resource.state == .active {
            return try await replenish(cardId: resource.id)
        }
        return resource
    }
}
