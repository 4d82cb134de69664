import Foundation
import ProvisioningCrypto

/// An issuer ready to serve requests: its configuration with every key parsed
/// and every secret loaded, built once at start-up from ``IssuerSettings``.
///
/// ```swift
/// let issuers = try configuration.issuers.map(Issuer.init(settings:))
/// let fingerprint = try issuers[0].panFingerprint(of: card.pan)
/// ```
package struct Issuer: Sendable {
    /// The configuration this issuer was built from.
    package let settings: IssuerSettings
    /// The keys that verify the issuer's authorization codes.
    package let authorizationCodeKeys: JWKSet
    /// The private key of the payload certificate.
    package let payloadPrivateKey: AnyPrivateKey
    /// The certificate the bank encrypts card payloads for.
    package let payloadCertificate: Certificate
    let notificationSecret: [UInt8]
    let fingerprintSecret: [UInt8]
    let activationDataSecret: [UInt8]

    /// The issuer id.
    package var id: String { settings.id }

    /// Parses the keys and loads the secrets of `settings`.
    ///
    /// - Throws: ``ServiceError`` naming the issuer and the field that
    ///   cannot be loaded or parsed (never its content).
    package init(settings: IssuerSettings) throws(ServiceError) {
        func fail(_ field: String, _ detail: String) -> ServiceError {
            ServiceError(.invalidSetting, issuerId: settings.id, field: field, detail)
        }
        self.settings = settings
        do {
            let json = try JSONEncoder().encode(settings.authorizationCodeKeys)
            authorizationCodeKeys = try JWKSet(jsonRepresentation: Array(json))
        } catch {
            throw fail("authorizationCodeKeys", "not a usable JWK Set")
        }
        let keyPEM = try settings.payloadKey.privateKey.load(field: "payloadKey.privateKey")
        let certificatePEM = try settings.payloadKey.certificate.load(field: "payloadKey.certificate")
        do {
            payloadPrivateKey = try AnyPrivateKey(pemRepresentation: keyPEM)
        } catch {
            throw fail("payloadKey.privateKey", "not a supported private key")
        }
        do {
            payloadCertificate = try Certificate(pemRepresentation: certificatePEM)
        } catch {
            throw fail("payloadKey.certificate", "not a certificate")
        }
        guard payloadCertificate.matches(payloadPrivateKey) else {
            throw fail("payloadKey", "the private key does not belong to the certificate")
        }
        notificationSecret = try settings.notificationSecret.load(field: "notificationSecret")
        fingerprintSecret = try settings.fingerprintSecret.load(field: "fingerprintSecret")
        activationDataSecret = try settings.activationDataSecret.load(field: "activationDataSecret")
    }

    /// The keyed fingerprint that identifies a card without its number:
    /// lowercase hex of HMAC-SHA256(fingerprintSecret, PAN).
    ///
    /// - Throws: ``CryptoError`` when HMAC fails.
    package func panFingerprint(of pan: String) throws -> String {
        Hex.encode(try HMACSHA256.authenticationCode(for: Array(pan.utf8), key: fingerprintSecret))
    }

    /// Whether `apiKey` is one of the issuer's back-office keys. Every configured
    /// hash is compared, in constant time, whatever matches.
    package func acceptsBackOfficeKey(_ apiKey: String) -> Bool {
        guard let digest = try? SHA256.hash(data: Array(apiKey.utf8)) else { return false }
        var matched = false
        for hash in settings.backOfficeAPIKeyHashes where hash.matches(sha256Digest: digest) {
            matched = true
        }
        return matched
    }

    /// Whether the issuer may provision `scheme`.
    package func allows(_ scheme: CardScheme) -> Bool {
        settings.allowedSchemes.contains(scheme)
    }
}
