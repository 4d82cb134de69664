import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

/// An instance of the bank's wallet app against the real `tpc serve`: its
/// P-256 key, its registration, and the payment keys it decrypted — doing on
/// the wire exactly what the DigitalCards SDK does.
final class WalletUser: Sendable {
    let deployment: Deployment
    let issuer: IssuerBackend
    let key: P256.PrivateKey
    let userId: String
    let walletId: String
    let accessToken: String

    private init(
        deployment: Deployment, issuer: IssuerBackend, key: P256.PrivateKey, userId: String, walletId: String,
        accessToken: String
    ) {
        self.deployment = deployment
        self.issuer = issuer
        self.key = key
        self.userId = userId
        self.walletId = walletId
        self.accessToken = accessToken
    }

    /// Registers a new wallet for a new user of the sandbox issuer.
    static func register(_ deployment: Deployment, issuer chosen: IssuerBackend? = nil) async throws -> WalletUser {
        let issuer = chosen ?? deployment.issuer
        let key = try P256.PrivateKey()
        let userId = "user-" + Hex.encode(try SecureRandom.bytes(count: 6))
        let code = try issuer.code(scope: "wallet:register") { $0.subject = userId }
        let response = try await deployment.client.post(
            deployment.path(try APIPaths.walletRegistration(issuerId: issuer.issuerId)),
            json: WalletRegistrationRequest(
                userId: userId, deviceName: "E2E wallet", publicKey: Data(key.publicKey.x963Representation),
                authorizationCode: code))
        guard response.status == 201 else { throw FlowFailure(description: "register: \(response.text)") }
        let registration = try response.decode(WalletRegistration.self)
        return WalletUser(
            deployment: deployment, issuer: issuer, key: key, userId: userId, walletId: registration.walletId,
            accessToken: registration.accessToken)
    }

    var authorization: [String: String] { ["Authorization": "Bearer \(accessToken)"] }

    // MARK: Requests

    /// The enrolment request for a test card (fresh code bound to `cardRef`).
    func enrolment(_ card: SandboxTestCard, productId: String? = nil) throws -> CardEnrollmentRequest {
        let cardRef = "wallet-e2e-" + Hex.encode(try SecureRandom.bytes(count: 6))
        return CardEnrollmentRequest(
            scheme: card.scheme, productId: productId,
            encryptedPayload: try issuer.payload(
                pan: card.pan, expiration: card.expiry, name: "Wallet Holder", cardRef: cardRef),
            authorizationCode: try issuer.code(scope: "wallet:enrol", cardRef: cardRef))
    }

    func enrol(_ card: SandboxTestCard, productId: String? = nil) async throws -> DigitalCardResource {
        let response = try await post(
            try APIPaths.walletCardEnrollment(issuerId: issuer.issuerId, walletId: walletId),
            json: try enrolment(card, productId: productId))
        guard response.status == 201 else { throw FlowFailure(description: "enrol: \(response.text)") }
        return try response.decode(DigitalCardResource.self)
    }

    func post(_ endpoint: APIEndpoint, json: some Encodable) async throws -> WireResponse {
        try await deployment.client.post(deployment.path(endpoint), json: json, headers: authorization)
    }

    func get(_ endpoint: APIEndpoint, headers: [String: String] = [:]) async throws -> WireResponse {
        try await deployment.client.get(deployment.path(endpoint), headers: authorization.merging(headers) { $1 })
    }

    func card(_ id: String) async throws -> DigitalCardResource {
        let response = try await get(try APIPaths.walletCard(issuerId: issuer.issuerId, walletId: walletId, cardId: id))
        guard response.status == 200 else { throw FlowFailure(description: "card: \(response.text)") }
        return try response.decode(DigitalCardResource.self)
    }

    func list() async throws -> [DigitalCardResource] {
        let response = try await get(try APIPaths.walletCards(issuerId: issuer.issuerId, walletId: walletId))
        guard response.status == 200 else { throw FlowFailure(description: "list: \(response.text)") }
        return try response.decode(DigitalCardList.self).cards
    }

    func changeState(_ id: String, _ action: TokenLifecycleAction) async throws -> WireResponse {
        try await post(
            try APIPaths.walletCardState(issuerId: issuer.issuerId, walletId: walletId, cardId: id),
            json: DigitalCardStateChangeRequest(action: action))
    }

    func verify(_ id: String, sessionId: String, code: String) async throws -> WireResponse {
        try await post(
            try APIPaths.walletCardActivation(issuerId: issuer.issuerId, walletId: walletId, cardId: id),
            json: ActivationVerificationRequest(sessionId: sessionId, code: code))
    }

    /// The code the sandbox "sent" for a session.
    func sandboxCode(_ sessionId: String) async throws -> String {
        let response = try await deployment.client.get(
            deployment.path(try APIPaths.sandboxActivationCode(sessionId: sessionId)))
        guard response.status == 200 else { throw FlowFailure(description: "activation code: \(response.text)") }
        return try response.decode(SandboxActivationCode.self).code
    }

    func replenishResponse(_ id: String) async throws -> WireResponse {
        try await deployment.client.send(
            "POST",
            deployment.path(try APIPaths.walletPaymentKeys(issuerId: issuer.issuerId, walletId: walletId, cardId: id)),
            headers: authorization)
    }

    /// A new batch, decrypted: key id → (scheme, key bytes).
    func replenish(_ id: String) async throws -> (batch: PaymentKeyBatch, keys: [DecryptedKey]) {
        let response = try await replenishResponse(id)
        guard response.status == 200 else { throw FlowFailure(description: "replenish: \(response.text)") }
        let batch = try response.decode(PaymentKeyBatch.self)
        return (batch, try decrypt(batch))
    }

    struct DecryptedKey: Sendable {
        let keyId: String
        let scheme: CardSchemeName
        let key: [UInt8]
    }

    /// ECDH with the batch's ephemeral key, HKDF-SHA256, AES-256-GCM per key.
    func decrypt(_ batch: PaymentKeyBatch) throws -> [DecryptedKey] {
        let ephemeral = Array(batch.ephemeralPublicKey)
        let shared = try key.sharedSecret(with: try P256.PublicKey(x963Representation: ephemeral))
        let kek = try HKDF.deriveKey(
            inputKeyMaterial: shared, salt: ephemeral, info: Array(PaymentKeyBatch.keyDerivationInfo.utf8),
            outputByteCount: 32)
        return try batch.keys.map { key in
            let sealed = Array(key.encryptedKey)
            guard sealed.count == PaymentKey.encryptedKeyByteCount else {
                throw FlowFailure(description: "encrypted key of \(sealed.count) bytes")
            }
            let plain = try AES256GCM.openCombined(
                Array(sealed.dropFirst(12)), key: kek, iv: Array(sealed.prefix(12)), aad: Array(key.keyId.utf8))
            return DecryptedKey(keyId: key.keyId, scheme: key.scheme, key: plain)
        }
    }

    /// A payment request signed with `key`; `tamper` edits it after signing.
    static func payment(
        cardId: String, with key: DecryptedKey, amount: Int = 1250, tamper: (inout PaymentRequest) -> Void = { _ in }
    ) throws -> PaymentRequest {
        var request = PaymentRequest(
            cardId: cardId, keyId: key.keyId, amount: amount, currency: "EUR",
            unpredictableNumber: Data(try SecureRandom.bytes(count: 8)), transactionDate: Date(),
            cryptogram: Data(), merchantName: "E2E Café")
        request.cryptogram = Data(try HMACSHA256.authenticationCode(for: Array(request.transactionData), key: key.key))
        tamper(&request)
        return request
    }

    func pay(_ request: PaymentRequest) async throws -> WireResponse {
        try await deployment.client.post(deployment.path(try APIPaths.sandboxPayments()), json: request)
    }

    func payResult(_ request: PaymentRequest) async throws -> PaymentResult {
        let response = try await pay(request)
        guard response.status == 200 else { throw FlowFailure(description: "pay: \(response.text)") }
        return try response.decode(PaymentResult.self)
    }
}

extension Deployment {
    /// Every sandbox test card, dual brand included.
    func allTestCards() async throws -> [SandboxTestCard] {
        let response = try await client.get(path(try APIPaths.sandboxTestCards()))
        return try response.decode(SandboxTestCardsResponse.self).cards
    }

    func dualBrandCard() async throws -> SandboxTestCard {
        guard let card = try await allTestCards().first(where: { $0.auxiliaryScheme != nil }) else {
            throw FlowFailure(description: "no dual-brand test card")
        }
        return card
    }
}
