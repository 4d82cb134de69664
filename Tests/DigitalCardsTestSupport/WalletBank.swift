import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bank's backend for wallet tests: mints authorization codes with the
/// sandbox issuer's key and encrypts card payloads for its payload
/// certificate, from the files `tpc serve --sandbox` wrote.
package struct WalletBank: Sendable {
    package let issuerId: String
    package let audience: String
    package let sandboxURL: URL
    private let keyID: String
    private let codeKey: AnyPrivateKey
    private let payloadCertificate: Certificate

    package init(sandboxDirectory: URL, sandboxURL: URL) throws {
        let summary = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: sandboxDirectory.appendingPathComponent("sandbox.json")))
        func file(_ key: String) throws -> String {
            guard let name = summary[key] else { throw WalletWorldFailure("sandbox.json lacks \(key)") }
            return try String(contentsOf: sandboxDirectory.appendingPathComponent(name), encoding: .utf8)
        }
        issuerId = summary["issuerId"] ?? ""
        audience = summary["audience"] ?? ""
        keyID = summary["kid"] ?? ""
        self.sandboxURL = sandboxURL
        codeKey = try AnyPrivateKey(pemRepresentation: try file("codeKeyFile"))
        payloadCertificate = try Certificate(pemRepresentation: try file("payloadCertificateFile"))
    }

    /// A single-use code with `scope` and extra string claims.
    package func code(scope: String, subject: String? = nil, claims: [String: String] = [:]) throws -> String {
        let now = Date()
        var custom: [String: JSONValue] = ["scope": .string(scope)]
        for (name, value) in claims { custom[name] = .string(value) }
        let jwt = JWTClaims(
            issuer: issuerId, subject: subject, audience: [audience], expiresAt: now.addingTimeInterval(240),
            issuedAt: now, jwtID: UUID().uuidString, custom: custom)
        return try JWT.sign(jwt, algorithm: .es256, key: codeKey, keyID: keyID)
    }

    package func registrationCode(userId: String) throws -> String {
        try code(scope: "wallet:register", subject: userId)
    }

    package func enrolmentCode(userId: String, cardRef: String, panLastFour: String) throws -> String {
        try code(scope: "wallet:enrol", subject: userId, claims: ["cardRef": cardRef, "panLastFour": panLastFour])
    }

    /// The card's payload, CMS enveloped data, base64.
    package func encryptedPayload(_ card: SandboxTestCard, reference: String) throws -> String {
        let json: [String: String] = [
            "primaryAccountNumber": card.pan, "expiration": card.expiry, "cardholderName": "Ada Lovelace",
            "cardReference": reference,
        ]
        let der = try CMSEnvelopedData.encrypt(Array(try JSONEncoder().encode(json)), for: payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// The sandbox's documented test card with this scheme, auxiliary scheme and outcome.
    package func testCard(
        scheme: CardSchemeName, auxiliaryScheme: CardSchemeName?, outcome: SandboxCardOutcome
    )
        async throws -> SandboxTestCard
    {
        let cards: SandboxTestCardsResponse = try await get(APIPaths.sandboxTestCards())
        guard
            let card = cards.cards.first(where: {
                $0.scheme == scheme && $0.auxiliaryScheme == auxiliaryScheme && $0.outcome == outcome
            })
        else {
            throw WalletWorldFailure("no \(scheme)/\(auxiliaryScheme?.rawValue ?? "-") \(outcome) test card")
        }
        return card
    }

    /// GETs a sandbox route and decodes it.
    package func get<T: Decodable>(_ endpoint: APIEndpoint) async throws -> T {
        guard let url = endpoint.url(relativeTo: sandboxURL) else {
            throw WalletWorldFailure("bad sandbox URL")
        }
        let (data, response) = try await URLSession.shared.data(from: url)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw WalletWorldFailure("GET \(endpoint) failed")
        }
        return try JSONDecoder.provisioningAPI.decode(T.self, from: data)
    }
}

/// A failure of the wallet test world (not of the SDK).
package struct WalletWorldFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
