import Foundation
import ProvisioningCrypto
import ProvisioningService
import SandboxNetwork

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates, once, the test issuer `sandbox-bank` of `tpc serve --sandbox` in
/// the sandbox directory, so the issuer side of tests and demos can mint codes
/// and encrypt payloads:
///
/// | file | content |
/// | --- | --- |
/// | `issuers.json` | the service configuration (public JWK set, file references, key hash) |
/// | `issuer-code-key.pem` | P-256 private key signing authorization codes (kid in `sandbox.json`) |
/// | `payload-certificate.pem`, `payload-key.pem` | RSA-2048 pair card payloads are encrypted for |
/// | `notification.secret`, `fingerprint.secret`, `activation-data.secret` | 32 random bytes each, hex |
/// | `backoffice-api-key` | the clear back-office key (only its hash is in the configuration) |
/// | `tav-key.pem`, `tav-public-key.pem` | RSA-2048 pair signing Mastercard TAVs; the public half is what the issuer registers with Mastercard |
/// | `mdes-signing-key.pem`, `mdes-consumer-key` | the OAuth 1.0a credentials of MDES calls (sandbox only: in production they come from Mastercard's developer portal) |
/// | `sandbox.json` | a summary: issuer id, audience, base path, kid, file names |
///
/// Private files are created with mode 0600. An existing `issuers.json` is
/// kept, so a restart reuses the issuer. Several instances started at once on
/// a new directory agree on one issuer: the first to take the directory's
/// lock (``SandboxDirectoryLock``) creates it, the others wait and then read
/// it. Each file is written under a temporary name and renamed into place, so
/// no reader ever sees half a file.
struct SandboxIssuerBootstrap {
    static let issuerId = "sandbox-bank"
    static let audience = "tpc-sandbox"
    static let keyID = "sandbox-code-key-1"

    enum File {
        static let configuration = "issuers.json"
        static let summary = "sandbox.json"
        static let codeKey = "issuer-code-key.pem"
        static let payloadCertificate = "payload-certificate.pem"
        static let payloadKey = "payload-key.pem"
        static let notificationSecret = "notification.secret"
        static let fingerprintSecret = "fingerprint.secret"
        static let activationDataSecret = "activation-data.secret"
        static let backOfficeKey = "backoffice-api-key"
        static let tavKey = "tav-key.pem"
        static let tavPublicKey = "tav-public-key.pem"
        static let mdesSigningKey = "mdes-signing-key.pem"
        static let mdesConsumerKey = "mdes-consumer-key"
    }

    let directory: URL
    /// The issuer written; `tpc issuer init` names its own.
    var issuer = Self.issuerId
    var issuerName = "Sandbox Bank"
    var audience = Self.audience
    var keyID = Self.keyID
    /// Whether the configuration marks the service as a sandbox.
    var sandbox = true
    /// Production MDES credentials from Mastercard's developer portal: the
    /// consumer key and the signing key's file, a PEM, or a PKCS #12 file when
    /// the environment variable holding its password is named; nil: a sandbox
    /// issuer gets its own, a production one no `mdes` member.
    var mdesCredentials: (consumerKey: String, signingKeyFile: URL, p12PasswordVariable: String?)?

    /// The configuration file, created if absent — by exactly one of the
    /// processes starting together on the directory.
    func configurationFile(now: Date) async throws -> URL {
        let url = directory.appendingPathComponent(File.configuration)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        try await SandboxDirectoryLock(directory: directory).withLock {
            // Checked again under the lock: another instance may have created
            // the issuer while this one waited.
            if !FileManager.default.fileExists(atPath: url.path) { try create(now: now) }
        }
        return url
    }

    /// The TAV public key an issuer registers with Mastercard: its PEM and
    /// ``fingerprint(_:)``.
    struct TAVPublicKey {
        var pem: String
        var sha256: String
    }

    /// Writes every file, replacing existing ones; returns the TAV public key to register.
    @discardableResult
    func create(now: Date) throws -> TAVPublicKey {
        let codeKey = try P256.PrivateKey()
        let jwk = JWK(publicKey: .p256(codeKey.publicKey), keyID: keyID, algorithm: .es256, use: "sig")
        let payloadKey = try RSA.PrivateKey(bits: 2048)
        let certificate = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "\(issuerName) Payload Encryption", organization: issuerName),
            publicKey: .rsa(payloadKey.publicKey), keyUsage: [.keyEncipherment],
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(5 * 365 * 86_400)
        ).selfSigned(with: .rsa(payloadKey))
        let apiKey = Base64URL.encode(try SecureRandom.bytes(count: 32))

        try write(File.codeKey, try codeKey.pemRepresentation, private: true)
        try write(File.payloadKey, try payloadKey.pemRepresentation, private: true)
        try write(File.payloadCertificate, certificate.pemRepresentation, private: false)
        for name in [File.notificationSecret, File.fingerprintSecret, File.activationDataSecret] {
            try write(name, "hex:" + Hex.encode(try SecureRandom.bytes(count: 32)), private: true)
        }
        try write(File.backOfficeKey, apiKey, private: true)
        let tavKey = try RSA.PrivateKey(bits: 2048)
        try write(File.tavKey, try tavKey.pemRepresentation, private: true)
        let tavPublicKey = TAVPublicKey(
            pem: try tavKey.publicKey.pemRepresentation, sha256: try Self.fingerprint(tavKey.publicKey))
        try write(File.tavPublicKey, tavPublicKey.pem, private: false)
        var mdes: MDESSettings?
        if let mdesCredentials {
            mdes = MDESSettings(
                baseURL: MDESSettings.productionBaseURL, consumerKey: mdesCredentials.consumerKey,
                signingKey: mdesCredentials.p12PasswordVariable.map {
                    .pkcs12(file: mdesCredentials.signingKeyFile, passwordVariable: $0)
                } ?? .pem(.file(mdesCredentials.signingKeyFile)),
                tavKey: .file(directory.appendingPathComponent(File.tavKey)))
        } else if sandbox {
            // The sandbox's MDES endpoint registers these at start.
            let consumerKey = "sandbox-" + Base64URL.encode(try SecureRandom.bytes(count: 18)) + "!" + issuer
            try write(File.mdesSigningKey, try RSA.PrivateKey(bits: 2048).pemRepresentation, private: true)
            try write(File.mdesConsumerKey, consumerKey, private: false)
            mdes = MDESSettings(
                baseURL: nil, consumerKey: consumerKey,
                signingKey: .pem(.file(directory.appendingPathComponent(File.mdesSigningKey))),
                tavKey: .file(directory.appendingPathComponent(File.tavKey)))
        }

        let keySet = try JSONDecoder().decode(JSONValue.self, from: Data(JWKSet(keys: [jwk]).jsonRepresentation()))
        let productIds = Set(
            SandboxTestCards.all(now: now).flatMap { [$0.productId, $0.auxiliaryProductId].compactMap { $0 } })
        guard let keyHash = APIKeyHash("sha256:" + Hex.encode(try SHA256.hash(data: Array(apiKey.utf8)))) else {
            throw CryptoError(.internalFailure, "API key hash")
        }
        let settings = IssuerSettings(
            id: issuer, name: issuerName, authorizationCodeKeys: keySet,
            payloadKey: PayloadKeyConfiguration(
                privateKey: .file(directory.appendingPathComponent(File.payloadKey)),
                certificate: .file(directory.appendingPathComponent(File.payloadCertificate))),
            allowedSchemes: [.visa, .mastercard, .amex, .discover, .pure, .pagoBancomat],
            allowedProductIds: productIds.sorted(), tokenRequestorIds: [Sandbox.applePayTokenRequestorId],
            backOfficeAPIKeyHashes: [keyHash],
            notificationSecret: .file(directory.appendingPathComponent(File.notificationSecret)),
            fingerprintSecret: .file(directory.appendingPathComponent(File.fingerprintSecret)),
            activationDataSecret: .file(directory.appendingPathComponent(File.activationDataSecret)), mdes: mdes)
        let configuration = IssuerConfiguration(
            issuers: [settings], service: ServiceSettings(audience: audience, sandbox: sandbox))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let summary: [String: String] = [
            "issuerId": issuer, "audience": audience, "basePath": ServiceSettings.defaultBasePath,
            "kid": keyID, "codeKeyFile": File.codeKey, "payloadCertificateFile": File.payloadCertificate,
            "payloadKeyFile": File.payloadKey, "backOfficeAPIKeyFile": File.backOfficeKey,
            "notificationSecretFile": File.notificationSecret, "fingerprintSecretFile": File.fingerprintSecret,
            "activationDataSecretFile": File.activationDataSecret, "configurationFile": File.configuration,
            "tokenRequestorId": Sandbox.applePayTokenRequestorId, "tavKeyFile": File.tavKey,
            "tavPublicKeyFile": File.tavPublicKey, "tavPublicKeySHA256": tavPublicKey.sha256,
        ]
        try write(File.summary, String(decoding: try encoder.encode(summary), as: UTF8.self), private: false)
        // Written last: its presence means the issuer is complete.
        try write(
            File.configuration, String(decoding: try encoder.encode(configuration), as: UTF8.self), private: false)
        return tavPublicKey
    }

    /// What identifies a public key to register: the lowercase hex SHA-256 of
    /// its SubjectPublicKeyInfo DER, as
    /// `openssl pkey -pubin -in tav-public-key.pem -outform DER | sha256sum` prints it.
    static func fingerprint(_ key: RSA.PublicKey) throws -> String {
        Hex.encode(try SHA256.hash(data: try key.derRepresentation))
    }

    /// Writes under a temporary name, then renames over `name`: a reader sees
    /// the old file or the new one, never a part.
    private func write(_ name: String, _ text: String, private isPrivate: Bool) throws {
        let url = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        let data = Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: isPrivate ? 0o600 : 0o644])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
