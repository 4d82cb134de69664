import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// Flow A.5: turns an add-card request (the bank's encrypted payload and code,
/// Apple's certificates and nonce) into Apple's encrypted pass data.
///
/// Every check runs before anything is written; the used code, the used nonce,
/// the provisioning attempt and its audit event are then written in one
/// transaction, so a refused request leaves no row behind.
struct ApplePayProvisioning: Sendable {
    let context: ServiceContext

    func provision(
        issuer: Issuer, request: ApplePayProvisioningRequest, requestId: String
    ) async throws -> ApplePayProvisioningResponse {
        let now = context.clock()
        let scheme = try ProvisioningRequestCheck.check(request, issuer: issuer)
        let code = try context.codeVerifier.verify(
            request.authorizationCode, issuer: issuer, scope: .provision, now: now)
        let card = try issuer.decryptCard(
            encryptedPayload: request.encryptedPayload, scheme: scheme, productId: request.productId, now: now)
        try code.requireCard(cardRef: card.cardReference, panLastFour: card.panLastFour)
        let leafKey = try context.chainValidator.verifiedLeafKey(
            chain: request.certificateChain.map(Array.init), now: now)

        let nonce = Array(request.nonce)
        let passData = ApplePayPassData(
            primaryAccountNumber: card.pan, expiration: card.expiration.wireValue, name: card.cardholderName,
            nonce: nonce, nonceSignature: Array(request.nonceSignature))
        let sealed: ApplePayEncryptedPassData
        let fingerprint: String
        do {
            sealed = try ApplePayECCV2.encrypt(passData.jsonRepresentation(), for: leafKey)
            fingerprint = try issuer.panFingerprint(of: card.pan)
        } catch {
            throw ServiceError(.internal, "the pass data could not be produced")
        }
        let activationData = try context.connector.activationData(
            for: ActivationDataRequest(issuer: issuer, card: card, nonce: nonce, now: now))
        let attempt = ProvisioningAttempt(
            provisioningId: Hex.encode(activationData.provisioningId), issuerId: issuer.id, requestId: requestId,
            cardRef: card.cardReference, panFingerprint: fingerprint, panLastFour: card.panLastFour, scheme: scheme,
            createdAt: now)
        let audit = AuditEvent(
            id: AuditLog.newEventId(), at: now, requestId: requestId, actor: "issuer-app", action: .provision,
            outcome: .success, cardRef: card.cardReference, panLastFour: card.panLastFour)
        // One batch: a single round trip on PostgreSQL.
        try await ReplayGuard.consume(
            [
                ReplayGuard.authorizationCode(code, issuerId: issuer.id),
                try ReplayGuard.nonce(nonce, issuerId: issuer.id, at: now),
            ],
            with: [attempt.insertion, AuditLog.recording(audit, issuerId: issuer.id)], on: context.database)
        return ApplePayProvisioningResponse(
            encryptedPassData: Data(sealed.encryptedPassData), activationData: Data(activationData.bytes),
            ephemeralPublicKey: Data(sealed.ephemeralPublicKey), provisioningId: attempt.provisioningId)
    }
}
