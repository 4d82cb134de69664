import Foundation
import ProvisioningCrypto
import ProvisioningService

/// An issuer made for one test: code-signing key, payload key pair, secrets
/// and a back-office key, with the matching ``IssuerSettings``.
struct TestIssuer {
    let id: String
    let codeKey: P256.PrivateKey
    let keyID = "test-key-1"
    let payloadKey: RSA.PrivateKey
    let payloadCertificate: Certificate
    let notificationSecret: [UInt8]
    let backOfficeKey: String
    let settings: IssuerSettings

    init(id: String) throws {
        self.id = id
        codeKey = try P256.PrivateKey()
        payloadKey = try RSA.PrivateKey(bits: 2048)
        payloadCertificate = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "\(id) payload"), publicKey: .rsa(payloadKey.publicKey),
            keyUsage: [.keyEncipherment], notValidBefore: Instants.utc(2025, 1, 1, 0, 0, 0),
            notValidAfter: Instants.utc(2030, 1, 1, 0, 0, 0)
        ).selfSigned(with: .rsa(payloadKey))
        notificationSecret = try SecureRandom.bytes(count: 32)
        backOfficeKey = "bo-" + Hex.encode(try SecureRandom.bytes(count: 16))
        let jwk = JWK(publicKey: .p256(codeKey.publicKey), keyID: keyID)
        let keys = try JSONDecoder().decode(JSONValue.self, from: Data(JWKSet(keys: [jwk]).jsonRepresentation()))
        guard let hash = APIKeyHash("sha256:" + Hex.encode(try SHA256.hash(data: Array(backOfficeKey.utf8)))) else {
            throw CryptoError(.internalFailure, "key hash")
        }
        settings = IssuerSettings(
            id: id, name: "Test \(id)", authorizationCodeKeys: keys,
            payloadKey: PayloadKeyConfiguration(
                privateKey: .inline(try payloadKey.pemRepresentation),
                certificate: .inline(payloadCertificate.pemRepresentation)),
            allowedSchemes: [.visa, .mastercard], tokenRequestorIds: ["40010030273"],
            backOfficeAPIKeyHashes: [hash],
            notificationSecret: .value("hex:" + Hex.encode(notificationSecret)),
            fingerprintSecret: .value("hex:" + Hex.encode(try SecureRandom.bytes(count: 32))),
            activationDataSecret: .value("hex:" + Hex.encode(try SecureRandom.bytes(count: 32))))
    }

    /// An authorization code; `edit` changes claims before signing.
    func code(
        scope: String = "provision", now: Date, audience: String = ServiceHarness.audience, cardRef: String? = "card-1",
        panLastFour: String? = nil, tokenId: String? = nil, edit: (inout JWTClaims) -> Void = { _ in }
    ) throws -> String {
        var claims = JWTClaims(
            issuer: id, audience: [audience], expiresAt: now.addingTimeInterval(120),
            issuedAt: now.addingTimeInterval(-10), jwtID: "jti-" + Hex.encode(try SecureRandom.bytes(count: 8)))
        claims[custom: "scope"] = .string(scope)
        if let cardRef { claims[custom: "cardRef"] = .string(cardRef) }
        if let panLastFour { claims[custom: "panLastFour"] = .string(panLastFour) }
        if let tokenId { claims[custom: "tokenId"] = .string(tokenId) }
        edit(&claims)
        return try JWT.sign(claims, algorithm: .es256, key: .p256(codeKey), keyID: keyID)
    }

    /// The bank's encrypted card payload, base64 CMS.
    func payload(
        pan: String = TestCard.pan, expiration: String = "12/29", name: String = "Ada Lovelace",
        cardRef: String = "card-1", for certificate: Certificate? = nil
    ) throws -> String {
        let json: [String: String] = [
            "primaryAccountNumber": pan, "expiration": expiration, "cardholderName": name, "cardReference": cardRef,
        ]
        let data = try JSONEncoder().encode(json)
        let der = try CMSEnvelopedData.encrypt(Array(data), for: certificate ?? payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// A signed notification body and its signature header.
    func signedNotification(_ body: Data, timestamp: Int64, secret: [UInt8]? = nil) throws -> String {
        let payload = NotificationSignatureSupport.payload(timestamp: timestamp, body: body)
        let mac = try HMACSHA256.authenticationCode(for: payload, key: secret ?? notificationSecret)
        return "t=\(timestamp),v1=\(Hex.encode(mac))"
    }
}

/// The test card.
enum TestCard {
    static let pan = "4111111111111111"
    static let lastFour = "1111"
}
