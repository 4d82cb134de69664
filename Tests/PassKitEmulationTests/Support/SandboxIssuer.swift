import Foundation
import ProvisioningAPI
import ProvisioningCrypto

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bank side of the tests: the sandbox's test issuer, read from
/// `sandbox.json`, minting authorization codes, encrypting card payloads and
/// calling the service as an issuer app's backend and SDK would.
struct SandboxIssuer: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let baseURL: URL
    let issuerId: String
    let audience: String
    let keyID: String
    let tokenRequestorId: String
    let codeKey: P256.PrivateKey
    let payloadCertificate: Certificate

    init(sandbox: SandboxProcess) throws {
        let directory = sandbox.directory
        let summary = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: directory.appendingPathComponent("sandbox.json")))
        func value(_ key: String) throws -> String {
            guard let value = summary[key] else { throw Failure(description: "sandbox.json lacks \(key)") }
            return value
        }
        baseURL = sandbox.baseURL
        issuerId = try value("issuerId")
        audience = try value("audience")
        keyID = try value("kid")
        tokenRequestorId = try value("tokenRequestorId")
        codeKey = try P256.PrivateKey(
            pemRepresentation: String(
                contentsOf: directory.appendingPathComponent(try value("codeKeyFile")), encoding: .utf8))
        payloadCertificate = try Certificate(
            pemRepresentation: String(
                contentsOf: directory.appendingPathComponent(try value("payloadCertificateFile")), encoding: .utf8))
    }

    /// A fresh authorization code (ES256 JWT) for `scope`.
    func code(scope: String, cardRef: String? = nil, tokenId: String? = nil) throws -> String {
        let now = Date()
        var claims = JWTClaims(
            issuer: issuerId, audience: [audience], expiresAt: now.addingTimeInterval(120),
            issuedAt: now.addingTimeInterval(-5), jwtID: "jti-" + Hex.encode(try SecureRandom.bytes(count: 12)))
        claims[custom: "scope"] = .string(scope)
        if let cardRef { claims[custom: "cardRef"] = .string(cardRef) }
        if let tokenId { claims[custom: "tokenId"] = .string(tokenId) }
        return try JWT.sign(claims, algorithm: .es256, key: .p256(codeKey), keyID: keyID)
    }

    /// The card's payload encrypted for the service (base64 CMS).
    func payload(for card: SandboxTestCard, name: String, cardRef: String) throws -> String {
        let json = [
            "primaryAccountNumber": card.pan, "expiration": card.expiry, "cardholderName": name,
            "cardReference": cardRef,
        ]
        let der = try CMSEnvelopedData.encrypt(Array(try JSONEncoder().encode(json)), for: payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// The documented test cards, as the running sandbox lists them.
    func testCards() async throws -> [SandboxTestCard] {
        let answer: SandboxTestCardsResponse = try await send(APIEndpoint(route: .sandboxTestCards), body: nil)
        return answer.cards
    }

    /// A single-brand test card with `outcome`.
    func card(_ outcome: SandboxCardOutcome, scheme: CardSchemeName = .visa) async throws -> SandboxTestCard {
        guard
            let card = try await testCards().first(where: {
                $0.outcome == outcome && $0.scheme == scheme && $0.auxiliaryScheme == nil
            })
        else { throw Failure(description: "the sandbox lists no \(scheme) card with outcome \(outcome)") }
        return card
    }

    /// The service's provisioning call (what the SDK makes inside the sheet's
    /// delegate).
    func provision(_ request: ApplePayProvisioningRequest) async throws -> ApplePayProvisioningResponse {
        try await send(try APIPaths.provisioning(issuerId: issuerId), body: request)
    }

    /// Changes a token's state at the service, as the issuer's back end would.
    func changeTokenState(tokenId: String, action: TokenLifecycleAction, scheme: CardSchemeName) async throws {
        let scope: String
        switch action {
        case .activate: scope = "token:activate"
        case .suspend: scope = "token:suspend"
        case .resume: scope = "token:resume"
        case .delete: scope = "token:delete"
        }
        let request = TokenStateChangeRequest(
            action: action, tokenRequestorId: tokenRequestorId, scheme: scheme,
            authorizationCode: try code(scope: scope, tokenId: tokenId))
        let _: TokenStateChangeResponse = try await send(
            try APIPaths.tokenState(issuerId: issuerId, tokenId: tokenId), body: request)
    }

    private func send<Answer: Decodable>(_ endpoint: APIEndpoint, body: (any Encodable)?) async throws -> Answer {
        guard let url = endpoint.url(relativeTo: baseURL) else { throw Failure(description: "bad endpoint") }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        if let body {
            request.httpBody = try JSONEncoder.provisioningAPI.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: data)
            throw Failure(description: "\(endpoint) answered \(status) \(problem?.type.rawValue ?? "")")
        }
        return try JSONDecoder.provisioningAPI.decode(Answer.self, from: data)
    }
}
