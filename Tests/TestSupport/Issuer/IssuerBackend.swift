import Foundation
import ProvisioningAPI
import ProvisioningCrypto

/// The bank's backend in tests: mints ES256 authorization codes with the
/// issuer's code key, encrypts card payloads (CMS) for its payload
/// certificate, signs notifications, and calls the service the way an issuer's
/// backend and app would (see `IssuerBackend+Service.swift`).
///
/// The sandbox issuer comes from the files `tpc serve --sandbox` writes
/// (``init(sandbox:recorder:)``); another issuer can be made from its parts
/// (``init(issuerId:audience:keyID:tokenRequestorId:codeKey:payloadCertificate:notificationSecret:backOfficeKey:baseURL:recorder:)``).
package struct IssuerBackend: Sendable {
    package let issuerId: String
    package let audience: String
    /// The `kid` of the code key in the issuer's JWK set.
    package let keyID: String
    /// Apple Pay's token requestor id for this issuer.
    package let tokenRequestorId: String
    package let codeKey: P256.PrivateKey
    package let payloadCertificate: Certificate
    /// The HMAC key of the service's notifications (`X-PP-Signature`).
    package let notificationSecret: [UInt8]
    /// The back-office API key.
    package let backOfficeKey: String
    /// The service URL with its base path, for the calls of
    /// `IssuerBackend+Service.swift`; `nil` when the backend only mints.
    package let baseURL: URL?
    /// Hears every code and PAN this backend makes.
    package let recorder: (any IssuerSecretRecorder)?

    package init(
        issuerId: String, audience: String, keyID: String, tokenRequestorId: String, codeKey: P256.PrivateKey,
        payloadCertificate: Certificate, notificationSecret: [UInt8], backOfficeKey: String, baseURL: URL? = nil,
        recorder: (any IssuerSecretRecorder)? = nil
    ) {
        self.issuerId = issuerId
        self.audience = audience
        self.keyID = keyID
        self.tokenRequestorId = tokenRequestorId
        self.codeKey = codeKey
        self.payloadCertificate = payloadCertificate
        self.notificationSecret = notificationSecret
        self.backOfficeKey = backOfficeKey
        self.baseURL = baseURL
        self.recorder = recorder
    }

    /// The sandbox issuer of a running sandbox.
    package init(sandbox: SandboxServer, recorder: (any IssuerSecretRecorder)? = nil) throws {
        try self.init(sandboxDirectory: sandbox.directory, baseURL: sandbox.baseURL, recorder: recorder)
    }

    /// The sandbox issuer from `sandbox.json` in `sandboxDirectory`.
    ///
    /// - Throws: ``TestSupportError`` (``TestSupportError/Code/sandboxFiles``)
    ///   when a file or key is missing, or the errors of the key parsers.
    package init(
        sandboxDirectory: URL, baseURL: URL? = nil, recorder: (any IssuerSecretRecorder)? = nil
    ) throws {
        let summary = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: sandboxDirectory.appendingPathComponent("sandbox.json")))
        func value(_ key: String) throws -> String {
            guard let value = summary[key] else { throw TestSupportError(.sandboxFiles, "sandbox.json lacks \(key)") }
            return value
        }
        func file(_ key: String) throws -> String {
            try String(contentsOf: sandboxDirectory.appendingPathComponent(try value(key)), encoding: .utf8)
        }
        self.init(
            issuerId: try value("issuerId"), audience: try value("audience"), keyID: try value("kid"),
            tokenRequestorId: try value("tokenRequestorId"),
            codeKey: try P256.PrivateKey(pemRepresentation: try file("codeKeyFile")),
            payloadCertificate: try Certificate(pemRepresentation: try file("payloadCertificateFile")),
            notificationSecret: try Self.secret(try file("notificationSecretFile")),
            backOfficeKey: try file("backOfficeAPIKeyFile").trimmingCharacters(in: .whitespacesAndNewlines),
            baseURL: baseURL, recorder: recorder)
    }

    /// A `SecretSource` text: `hex:…` or `base64:…`.
    private static func secret(_ text: String) throws -> [UInt8] {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.hasPrefix("hex:") { return try Hex.decode(String(value.dropFirst(4))) }
        if value.hasPrefix("base64:"), let data = Data(base64Encoded: String(value.dropFirst(7))) {
            return [UInt8](data)
        }
        throw TestSupportError(.sandboxFiles, "unknown secret encoding")
    }

    // MARK: Authorization codes

    /// A code with `scope`, bound to `cardRef`/`panLastFour`/`tokenId` when
    /// given, valid from `issuedAt` for `lifetime` seconds; `audience` and
    /// `signingKey` replace the issuer's, `edit` changes claims before signing.
    package func code(
        scope: String, cardRef: String? = nil, panLastFour: String? = nil, tokenId: String? = nil,
        issuedAt: Date = Date(), lifetime: TimeInterval = 120, audience: String? = nil,
        signingKey: P256.PrivateKey? = nil, edit: (inout JWTClaims) -> Void = { _ in }
    ) throws -> String {
        var claims = JWTClaims(
            issuer: issuerId, audience: [audience ?? self.audience], expiresAt: issuedAt.addingTimeInterval(lifetime),
            issuedAt: issuedAt, jwtID: "jti-" + Hex.encode(try SecureRandom.bytes(count: 12)))
        claims[custom: "scope"] = .string(scope)
        if let cardRef { claims[custom: "cardRef"] = .string(cardRef) }
        if let panLastFour { claims[custom: "panLastFour"] = .string(panLastFour) }
        if let tokenId { claims[custom: "tokenId"] = .string(tokenId) }
        edit(&claims)
        let code = try JWT.sign(claims, algorithm: .es256, key: .p256(signingKey ?? codeKey), keyID: keyID)
        recorder?.recordCode(code)
        return code
    }

    /// An unsigned code (`alg: none`) with otherwise valid claims.
    package func unsignedCode(scope: String, cardRef: String) throws -> String {
        let now = Int(Date().timeIntervalSince1970)
        let header = #"{"alg":"none","kid":"\#(keyID)","typ":"JWT"}"#
        let claims = """
            {"iss":"\(issuerId)","aud":"\(audience)","iat":\(now),"exp":\(now + 120),\
            "jti":"jti-none-\(Hex.encode(try SecureRandom.bytes(count: 8)))","scope":"\(scope)","cardRef":"\(cardRef)"}
            """
        let code = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8)) + "."
        recorder?.recordCode(code)
        return code
    }

    // MARK: Card payloads

    /// The card payload JSON, CMS-encrypted for `certificate` (the issuer's
    /// payload certificate by default), base64.
    package func payload(
        pan: String, expiration: String, name: String, cardRef: String, for certificate: Certificate? = nil
    ) throws -> String {
        recorder?.recordPAN(pan)
        let json: [String: String] = [
            "primaryAccountNumber": pan, "expiration": expiration, "cardholderName": name, "cardReference": cardRef,
        ]
        let der = try CMSEnvelopedData.encrypt(
            Array(try JSONEncoder().encode(json)), for: certificate ?? payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// The payload of a card the bank knows.
    package func encryptedPayload(for card: TestCard) throws -> String {
        try payload(pan: card.pan, expiration: card.expiry, name: card.cardholderName, cardRef: card.reference)
    }

    /// The payload of a sandbox test card, held by `name` under `cardRef`.
    package func payload(for card: SandboxTestCard, name: String, cardRef: String) throws -> String {
        try payload(pan: card.pan, expiration: card.expiry, name: name, cardRef: cardRef)
    }

    // MARK: Notifications

    /// A `X-PP-Signature` value for `body` at `timestamp`.
    package func notificationSignature(for body: Data, timestamp: Int64, secret: [UInt8]? = nil) throws -> String {
        let signed = Data("\(timestamp).".utf8) + body
        let mac = try HMACSHA256.authenticationCode(for: Array(signed), key: secret ?? notificationSecret)
        return "t=\(timestamp),v1=\(Hex.encode(mac))"
    }
}
