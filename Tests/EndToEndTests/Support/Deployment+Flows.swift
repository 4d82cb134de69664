import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

/// What one provisioning left behind: the inputs the device and the issuer
/// sent and the service's answer.
struct Provisioned: Sendable {
    let device: SimulatedDevice
    let card: SandboxTestCard
    let cardholderName: String
    let cardRef: String
    let nonce: [UInt8]
    let nonceSignature: [UInt8]
    let response: ApplePayProvisioningResponse
}

/// Everything for a provisioning request, before it is sent.
struct ProvisioningInputs: Sendable {
    var device: SimulatedDevice
    var card: SandboxTestCard
    var cardholderName: String
    var cardRef: String
    var nonce: [UInt8]
    var nonceSignature: [UInt8]
    var request: ApplePayProvisioningRequest
}

struct FlowFailure: Error, CustomStringConvertible {
    let description: String
}

extension Deployment {
    static let applePayTokenRequestorId = "40010030273"

    // MARK: Sandbox, Apple's side

    func registerDevice(name: String = "E2E iPhone") async throws -> SimulatedDevice {
        let key = try P256.PrivateKey()
        let response = try await client.post(
            path(try APIPaths.sandboxDevices()),
            json: SandboxDeviceRegistrationRequest(
                kind: .iPhone, name: name, publicKey: Data(key.publicKey.x963Representation)))
        guard response.status == 201 else {
            throw FlowFailure(description: "device registration answered \(response.status): \(response.text)")
        }
        return SimulatedDevice(
            id: try response.decode(SandboxDeviceRegistrationResponse.self).deviceId, name: name, key: key)
    }

    func nonce(for device: SimulatedDevice) async throws -> [UInt8] {
        let response = try await client.send("POST", path(try APIPaths.sandboxNonces(deviceId: device.id)))
        guard response.status == 201 else {
            throw FlowFailure(description: "nonce issuance answered \(response.status): \(response.text)")
        }
        let nonce = [UInt8](try response.decode(SandboxNonce.self).nonce)
        ledger.recordNonce(nonce)
        return nonce
    }

    func certificates() async throws -> SandboxCertificateChain {
        let response = try await client.get(path(try APIPaths.sandboxCertificates()))
        guard response.status == 200 else { throw FlowFailure(description: "certificates: \(response.status)") }
        return try response.decode(SandboxCertificateChain.self)
    }

    func testCard(scheme: String = "VISA", outcome: SandboxCardOutcome) async throws -> SandboxTestCard {
        let response = try await client.get(path(try APIPaths.sandboxTestCards()))
        let cards = try response.decode(SandboxTestCardsResponse.self).cards
        guard
            let card = cards.first(where: {
                $0.scheme.rawValue == scheme && $0.outcome == outcome && $0.auxiliaryScheme == nil
            })
        else { throw FlowFailure(description: "no \(scheme) test card for \(outcome)") }
        return card
    }

    func passes(of device: SimulatedDevice) async throws -> [SandboxPass] {
        let response = try await client.get(path(try APIPaths.sandboxPasses(deviceId: device.id)))
        guard response.status == 200 else { throw FlowFailure(description: "passes: \(response.status)") }
        return try response.decode(SandboxPassList.self).passes
    }

    // MARK: The issuer app and the service

    /// A fresh, valid provisioning request: a new device (unless given), a
    /// nonce it signed, the sandbox chain, a `provision` code bound to the
    /// card and the encrypted payload, from `backend` (the deployment's first
    /// issuer unless given).
    func inputs(
        outcome: SandboxCardOutcome = .approve, scheme: String = "VISA", device: SimulatedDevice? = nil,
        cardRef: String? = nil, backend: IssuerBackend? = nil, cardholderName name: String = "Ada Lovelace"
    ) async throws -> ProvisioningInputs {
        let issuer = backend ?? self.issuer
        let device = try await Self.orRegister(device, on: self)
        let card = try await testCard(scheme: scheme, outcome: outcome)
        let cardRef = cardRef ?? "e2e-card-\(UUID().uuidString.prefix(12))"
        let nonce = try await nonce(for: device)
        let signature = try device.sign(nonce)
        let request = ApplePayProvisioningRequest(
            scheme: card.scheme,
            encryptedPayload: try issuer.payload(pan: card.pan, expiration: card.expiry, name: name, cardRef: cardRef),
            authorizationCode: try issuer.code(
                scope: "provision", cardRef: cardRef, panLastFour: String(card.pan.suffix(4))),
            certificateChain: try await certificates().certificateChain, nonce: Data(nonce),
            nonceSignature: Data(signature))
        return ProvisioningInputs(
            device: device, card: card, cardholderName: name, cardRef: cardRef, nonce: nonce,
            nonceSignature: signature, request: request)
    }

    private static func orRegister(
        _ device: SimulatedDevice?, on deployment: Deployment
    ) async throws -> SimulatedDevice {
        if let device { return device }
        return try await deployment.registerDevice()
    }

    nonisolated func provisioningPath(issuerId: String? = nil) throws -> String {
        path(try APIPaths.provisioning(issuerId: issuerId ?? issuer.issuerId))
    }

    /// Sends `inputs` and requires success.
    func provision(_ inputs: ProvisioningInputs) async throws -> Provisioned {
        let response = try await client.post(try provisioningPath(), json: inputs.request)
        guard response.status == 200 else {
            throw FlowFailure(description: "provisioning answered \(response.status): \(response.text)")
        }
        return Provisioned(
            device: inputs.device, card: inputs.card, cardholderName: inputs.cardholderName, cardRef: inputs.cardRef,
            nonce: inputs.nonce, nonceSignature: inputs.nonceSignature,
            response: try response.decode(ApplePayProvisioningResponse.self))
    }

    func provision(outcome: SandboxCardOutcome, scheme: String = "VISA") async throws -> Provisioned {
        try await provision(try await inputs(outcome: outcome, scheme: scheme))
    }

    /// The device hands the service's answer to Apple's side (PassKit's add
    /// request completion).
    func addPass(_ provisioned: Provisioned) async throws -> WireResponse {
        try await client.post(
            path(try APIPaths.sandboxAddPass(deviceId: provisioned.device.id)),
            json: SandboxPassRequest(
                encryptedPassData: provisioned.response.encryptedPassData,
                activationData: provisioned.response.activationData,
                ephemeralPublicKey: provisioned.response.ephemeralPublicKey, nonce: Data(provisioned.nonce),
                primaryAccountSuffix: String(provisioned.card.pan.suffix(4)),
                cardholderName: provisioned.cardholderName, paymentNetwork: provisioned.card.scheme))
    }

    /// Provisions and adds the pass, requiring `201`.
    func provisionedPass(
        outcome: SandboxCardOutcome, scheme: String = "VISA"
    ) async throws -> (Provisioned, SandboxPass) {
        let provisioned = try await provision(outcome: outcome, scheme: scheme)
        let response = try await addPass(provisioned)
        guard response.status == 201 else {
            throw FlowFailure(description: "add pass answered \(response.status): \(response.text)")
        }
        return (provisioned, try response.decode(SandboxPass.self))
    }

    // MARK: Registry

    /// `GET …/cards/{cardRef}/tokens` with a fresh `tokens:read` code.
    func cardTokens(_ cardRef: String, issuer chosen: IssuerBackend? = nil) async throws -> WireResponse {
        let issuer = chosen ?? issuer
        let code = try issuer.code(scope: "tokens:read", cardRef: cardRef)
        return try await client.get(
            path(try APIPaths.cardTokens(issuerId: issuer.issuerId, cardRef: cardRef)),
            headers: [APIHeaders.authorization: "Bearer \(code)"])
    }

    func tokens(ofCard cardRef: String) async throws -> [TokenInfo] {
        let response = try await cardTokens(cardRef)
        guard response.status == 200 else {
            throw FlowFailure(description: "card tokens answered \(response.status): \(response.text)")
        }
        return try response.decode(CardTokensResponse.self).tokens
    }

    /// The back office's token search.
    func backOfficeSearch(_ query: TokenSearchQuery, key: String? = nil) async throws -> WireResponse {
        try await client.get(
            path(try APIPaths.backOfficeTokens(issuerId: issuer.issuerId, query: query)),
            headers: [APIHeaders.authorization: "Bearer \(key ?? issuer.backOfficeKey)"])
    }

    /// `POST …/tokens/{tokenId}/state` with a fresh code for `action`.
    func changeState(
        _ action: TokenLifecycleAction, tokenId: String, scheme: CardSchemeName, cardRef: String
    ) async throws -> WireResponse {
        let code = try issuer.code(scope: "token:\(action.rawValue.lowercased())", cardRef: cardRef, tokenId: tokenId)
        return try await client.post(
            path(try APIPaths.tokenState(issuerId: issuer.issuerId, tokenId: tokenId)),
            json: TokenStateChangeRequest(
                action: action, tokenRequestorId: Self.applePayTokenRequestorId, scheme: scheme,
                authorizationCode: code))
    }

    /// The back office's change of `tokenId` (its key, the operator's reason).
    func backOfficeChange(
        _ action: TokenLifecycleAction, tokenId: String, reason: String
    ) async throws
        -> WireResponse
    {
        try await client.post(
            path(try APIPaths.backOfficeTokenState(issuerId: issuer.issuerId, tokenId: tokenId)),
            json: BackOfficeTokenStateChangeRequest(action: action, reason: reason),
            headers: [APIHeaders.authorization: "Bearer \(issuer.backOfficeKey)"])
    }

    /// What Mastercard's own client (`Tests/Interop/mdes/client_check.py`)
    /// needs to call the sandbox's MDES as this issuer: the base URL, the
    /// consumer key and the signing key the sandbox registered.
    func mdesClientCredentials() throws -> [String: String] {
        [
            "base_url": client.root,
            "consumer_key": try String(
                contentsOf: sandboxDirectory.appendingPathComponent("mdes-consumer-key"), encoding: .utf8
            ).trimmingCharacters(in: .whitespacesAndNewlines),
            "key_pem": try String(
                contentsOf: sandboxDirectory.appendingPathComponent("mdes-signing-key.pem"), encoding: .utf8),
        ]
    }

    /// `GET /metrics`.
    func metrics() async throws -> String {
        try await client.get("/metrics").text
    }
}
