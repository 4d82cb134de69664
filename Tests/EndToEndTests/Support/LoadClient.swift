import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

/// One simulated customer of a deployment of several instances: an iPhone
/// registered once, then flow A over and over through the round-robin — a
/// nonce from Apple's side, the provisioning with a fresh code and payload,
/// the pass added — each request to whichever instance is next.
struct LoadClient: Sendable {
    let balancer: RoundRobin
    let issuer: IssuerBackend
    let basePath: String
    let device: SimulatedDevice
    let card: SandboxTestCard
    let chain: [Data]

    static func make(
        balancer: RoundRobin, issuer: IssuerBackend, basePath: String, name: String
    ) async throws -> LoadClient {
        let key = try P256.PrivateKey()
        let registration = try await balancer.post(
            basePath + (try APIPaths.sandboxDevices()).pathAndQuery,
            json: SandboxDeviceRegistrationRequest(
                kind: .iPhone, name: name, publicKey: Data(key.publicKey.x963Representation)))
        guard registration.status == 201 else {
            throw FlowFailure(description: "device registration answered \(registration.status)")
        }
        let device = SimulatedDevice(
            id: try registration.decode(SandboxDeviceRegistrationResponse.self).deviceId, name: name, key: key)
        let cards = try await balancer.get(basePath + (try APIPaths.sandboxTestCards()).pathAndQuery)
        guard
            let card = try cards.decode(SandboxTestCardsResponse.self).cards.first(where: {
                $0.scheme == .visa && $0.outcome == .approve && $0.auxiliaryScheme == nil
            })
        else { throw FlowFailure(description: "no approving VISA test card") }
        let certificates = try await balancer.get(basePath + (try APIPaths.sandboxCertificates()).pathAndQuery)
        let chain = try certificates.decode(SandboxCertificateChain.self).certificateChain
        return LoadClient(
            balancer: balancer, issuer: issuer, basePath: basePath, device: device, card: card, chain: chain)
    }

    /// Runs flows until `stop`, recording what was acknowledged and what
    /// failed. After a failure it waits a moment, as a client honouring
    /// `Retry-After` would (shortened: the test has seconds, not minutes).
    func run(until stop: StopFlag, into acknowledged: Acknowledged) async {
        while !stop.isSet {
            do {
                try await flow(into: acknowledged)
            } catch {
                acknowledged.failed(FaultTests.kind(of: error))
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// One flow A; a refusal ends it with a `FlowFailure` naming the step and status.
    func flow(into acknowledged: Acknowledged) async throws {
        let nonceResponse = try await balancer.send(
            "POST", basePath + (try APIPaths.sandboxNonces(deviceId: device.id)).pathAndQuery)
        guard nonceResponse.status == 201 else {
            throw FlowFailure(description: "nonce answered \(nonceResponse.status)")
        }
        let nonce = [UInt8](try nonceResponse.decode(SandboxNonce.self).nonce)
        let cardRef = "scale-" + Hex.encode(try SecureRandom.bytes(count: 8))
        let request = ApplePayProvisioningRequest(
            scheme: card.scheme,
            encryptedPayload: try issuer.payload(pan: card.pan, expiration: card.expiry, name: "Ada", cardRef: cardRef),
            authorizationCode: try issuer.code(
                scope: "provision", cardRef: cardRef, panLastFour: String(card.pan.suffix(4))),
            certificateChain: chain, nonce: Data(nonce), nonceSignature: Data(try device.sign(nonce)))
        let provisioned = try await balancer.post(
            basePath + (try APIPaths.provisioning(issuerId: issuer.issuerId)).pathAndQuery, json: request)
        guard provisioned.status == 200 else {
            throw FlowFailure(description: "provision answered \(provisioned.status)")
        }
        let answer = try provisioned.decode(ApplePayProvisioningResponse.self)
        acknowledged.provisioned(answer.provisioningId)
        let added = try await balancer.post(
            basePath + (try APIPaths.sandboxAddPass(deviceId: device.id)).pathAndQuery,
            json: SandboxPassRequest(
                encryptedPassData: answer.encryptedPassData, activationData: answer.activationData,
                ephemeralPublicKey: answer.ephemeralPublicKey, nonce: Data(nonce),
                primaryAccountSuffix: String(card.pan.suffix(4)), cardholderName: "Ada", paymentNetwork: card.scheme))
        guard added.status == 201 else { throw FlowFailure(description: "add pass answered \(added.status)") }
        acknowledged.tokenCreated(try added.decode(SandboxPass.self).serialNumber)
    }
}
