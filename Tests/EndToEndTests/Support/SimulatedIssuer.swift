import Foundation
import ProvisioningCrypto

/// The bank's side of the tests: mints ES256 authorization codes with the
/// issuer's code key and encrypts card payloads (CMS) for its payload
/// certificate, the way an issuer's backend would.
struct SimulatedIssuer: Sendable {
    let id: String
    let audience: String
    let keyID: String
    let codeKey: P256.PrivateKey
    let payloadCertificate: Certificate
    let notificationSecret: [UInt8]
    let backOfficeKey: String
    let ledger: SecretLedger

    /// A code with `scope`, bound to `cardRef`/`panLastFour`/`tokenId` when
    /// given, valid from `issuedAt` for `lifetime` seconds; `edit` changes
    /// claims before signing.
    func code(
        scope: String, cardRef: String? = nil, panLastFour: String? = nil, tokenId: String? = nil,
        issuedAt: Date = Date(), lifetime: TimeInterval = 120, audience: String? = nil,
        signingKey: P256.PrivateKey? = nil, edit: (inout JWTClaims) -> Void = { _ in }
    ) throws -> String {
        var claims = JWTClaims(
            issuer: id, audience: [audience ?? self.audience], expiresAt: issuedAt.addingTimeInterval(lifetime),
            issuedAt: issuedAt, jwtID: "e2e-" + Hex.encode(try SecureRandom.bytes(count: 12)))
        claims[custom: "scope"] = .string(scope)
        if let cardRef { claims[custom: "cardRef"] = .string(cardRef) }
        if let panLastFour { claims[custom: "panLastFour"] = .string(panLastFour) }
        if let tokenId { claims[custom: "tokenId"] = .string(tokenId) }
        edit(&claims)
        let code = try JWT.sign(claims, algorithm: .es256, key: .p256(signingKey ?? codeKey), keyID: keyID)
        ledger.recordCode(code)
        return code
    }

    /// An unsigned code (`alg: none`) with otherwise valid claims.
    func unsignedCode(scope: String, cardRef: String) throws -> String {
        let now = Int(Date().timeIntervalSince1970)
        let header = #"{"alg":"none","kid":"\#(keyID)","typ":"JWT"}"#
        let claims = """
            {"iss":"\(id)","aud":"\(audience)","iat":\(now),"exp":\(now + 120),\
            "jti":"e2e-none-\(Hex.encode(try SecureRandom.bytes(count: 8)))","scope":"\(scope)","cardRef":"\(cardRef)"}
            """
        let code = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8)) + "."
        ledger.recordCode(code)
        return code
    }

    /// The card payload JSON, CMS-encrypted for `certificate` (the issuer's
    /// payload certificate by default), base64.
    func payload(
        pan: String, expiration: String, name: String, cardRef: String, for certificate: Certificate? = nil
    ) throws -> String {
        ledger.recordPAN(pan)
        let json: [String: String] = [
            "primaryAccountNumber": pan, "expiration": expiration, "cardholderName": name, "cardReference": cardRef,
        ]
        let der = try CMSEnvelopedData.encrypt(
            Array(try JSONEncoder().encode(json)), for: certificate ?? payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// A `X-PP-Signature` value for `body` at `timestamp`.
    func notificationSignature(for body: Data, timestamp: Int64, secret: [UInt8]? = nil) throws -> String {
        let signed = Data("\(timestamp).".utf8) + body
        let mac = try HMACSHA256.authenticationCode(for: Array(signed), key: secret ?? notificationSecret)
        return "t=\(timestamp),v1=\(Hex.encode(mac))"
    }
}
