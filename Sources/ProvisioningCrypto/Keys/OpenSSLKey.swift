/// What a ``P256`` and an ``RSA`` private key have in common: an OpenSSL key
/// pair of the algorithm, checked when it is wrapped, whose imports and
/// encodings are the same for both algorithms and are written here once.
///
/// ```swift
/// let key = try RSA.PrivateKey(pemRepresentation: pem)
/// let spki = try key.publicKey.derRepresentation
/// ```
package protocol OpenSSLPrivateKey: Sendable {
    /// The public key of the same algorithm.
    associatedtype PublicKey: OpenSSLPublicKey

    /// The key pair.
    var key: EVPKey { get }

    /// The matching public key, which each algorithm makes without a check
    /// through an initializer internal to this module.
    var publicKey: PublicKey { get }

    /// Wraps `key` once it is a private key of the algorithm (of an allowed
    /// size, on the right curve).
    /// - Throws: ``CryptoError/Code/invalidKey``.
    init(validating key: EVPKey) throws
}

extension OpenSSLPrivateKey {
    /// Imports a PEM private key: PKCS#8 "PRIVATE KEY", or the algorithm's own
    /// (SEC1 "EC PRIVATE KEY", PKCS#1 "RSA PRIVATE KEY").
    /// - Throws: ``CryptoError/Code/invalidEncoding`` or ``CryptoError/Code/invalidKey``.
    package init(pemRepresentation: String) throws {
        try self.init(validating: EVPKey.privateKey(pem: pemRepresentation))
    }

    /// Imports a DER private key: PKCS#8 PrivateKeyInfo, SEC1 ECPrivateKey or PKCS#1.
    package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
        try self.init(validating: EVPKey.privateKey(der: Array(derRepresentation)))
    }

    /// PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----").
    package var pemRepresentation: String {
        get throws { try key.privateKeyPEM() }
    }

    /// PKCS#8 DER.
    package var derRepresentation: [UInt8] {
        get throws { try key.privateKeyPKCS8DER() }
    }
}

/// What a ``P256`` and an ``RSA`` public key have in common: an OpenSSL public
/// key of the algorithm, checked when it comes from outside, with the same
/// imports, encodings and equality for both.
package protocol OpenSSLPublicKey: Sendable, Equatable {
    /// The public key.
    var key: EVPKey { get }

    /// Wraps `key` once it is a valid public key of the algorithm.
    /// - Throws: ``CryptoError/Code/invalidKey``.
    init(validating key: EVPKey) throws
}

extension OpenSSLPublicKey {
    /// Imports a "PUBLIC KEY" PEM (SubjectPublicKeyInfo).
    package init(pemRepresentation: String) throws {
        try self.init(validating: EVPKey.publicKey(pem: pemRepresentation))
    }

    /// Imports a SubjectPublicKeyInfo DER.
    package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
        try self.init(validating: EVPKey.publicKey(der: Array(derRepresentation)))
    }

    /// SubjectPublicKeyInfo DER.
    package var derRepresentation: [UInt8] {
        get throws { try key.publicKeyDER() }
    }

    /// "-----BEGIN PUBLIC KEY-----" PEM.
    package var pemRepresentation: String {
        get throws { try key.publicKeyPEM() }
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key.publicKeyEquals(rhs.key)
    }
}
