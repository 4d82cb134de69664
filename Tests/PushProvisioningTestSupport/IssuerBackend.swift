import Foundation
import ProvisioningAPI
import ProvisioningCrypto

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bank's backend in tests: mints authorization codes with the sandbox
/// issuer's key and encrypts card payloads for its payload certificate, from
/// the files `tpc serve --sandbox` wrote.
public struct IssuerBackend: Sendable {
    public let issuerId: String
    public let audience: String
    public let tokenRequestorId: String
    private let keyID: String
    private let codeKey: AnyPrivateKey
    private let payloadCertificate: Certificate

    public init(sandboxDirectory: URL) throws {
        let summary = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: sandboxDirectory.appendingPathComponent("sandbox.json")))
        func file(_ key: String) throws -> String {
            guard let name = summary[key] else { throw SandboxServer.Failure(description: "sandbox.json lacks \(key)") }
            return try String(contentsOf: sandboxDirectory.appendingPathComponent(name), encoding: .utf8)
        }
        issuerId = summary["issuerId"] ?? ""
        audience = summary["audience"] ?? ""
        keyID = summary["kid"] ?? ""
        tokenRequestorId = summary["tokenRequestorId"] ?? ""
        codeKey = try AnyPrivateKey(pemRepresentation: try file("codeKeyFile"))
        payloadCertificate = try Certificate(pemRepresentation: try file("payloadCertificateFile"))
    }

    /// A code with `scope`, bound to the card and/or token given.
    public func code(
        scope: String, cardRef: String? = nil, panLastFour: String? = nil, tokenId: String? = nil
    ) throws -> String {
        let now = Date()
        var custom: [String: JSONValue] = ["scope": .string(scope)]
        if let cardRef { custom["cardRef"] = .string(cardRef) }
        if let panLastFour { custom["panLastFour"] = .string(panLastFour) }
        if let tokenId { custom["tokenId"] = .string(tokenId) }
        let claims = JWTClaims(
            issuer: issuerId, audience: [audience], expiresAt: now.addingTimeInterval(240), issuedAt: now,
            jwtID: UUID().uuidString, custom: custom)
        return try JWT.sign(claims, algorithm: .es256, key: codeKey, keyID: keyID)
    }

    /// The card's payload, CMS enveloped data, base64.
    public func encryptedPayload(for card: TestCard) throws -> String {
        let json: [String: String] = [
            "primaryAccountNumber": card.pan, "expiration": card.expiry, "cardholderName": card.cardholderName,
            "cardReference": card.reference,
        ]
        let plaintext = try JSONEncoder().encode(json)
        let der = try CMSEnvelopedData.encrypt(Array(plaintext), for: payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// The sandbox's test card with this scheme and outcome.
    public static func testCard(
        _ outcome: SandboxCardOutcome, scheme: CardSchemeName = .visa, sandbox: URL, reference: String
    ) async throws -> TestCard {
        guard let url = try APIPaths.sandboxTestCards().url(relativeTo: sandbox) else {
            throw SandboxServer.Failure(description: "bad sandbox URL")
        }
        let (data, _) = try await URLSession.shared.data(from: url)
        let cards = try JSONDecoder.provisioningAPI.decode(SandboxTestCardsResponse.self, from: data).cards
        guard
            let card = cards.first(where: {
                $0.scheme == scheme && $0.outcome == outcome && $0.auxiliaryScheme == nil
            })
        else { throw SandboxServer.Failure(description: "no \(scheme) \(outcome) test card") }
        return TestCard(
            pan: card.pan, expiry: card.expiry, scheme: scheme, cardholderName: "Ada Lovelace", reference: reference)
    }
}

/// A sandbox test card as the bank knows it.
public struct TestCard: Sendable {
    public var pan: String
    public var expiry: String
    public var scheme: CardSchemeName
    public var cardholderName: String
    public var reference: String
    public var last4: String { String(pan.suffix(4)) }
}
