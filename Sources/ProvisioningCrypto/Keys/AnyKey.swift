/// A private key of any algorithm this module supports, for APIs that accept
/// either (certificate issuance, CMS decryption, JWS signing).
package enum AnyPrivateKey: Sendable {
    case p256(P256.PrivateKey)
    case rsa(RSA.PrivateKey)

    var evpKey: EVPKey {
        switch self {
        case .p256(let key): key.key
        case .rsa(let key): key.key
        }
    }

    /// Imports a PEM private key, detecting its algorithm.
    /// - Throws: ``CryptoError/Code/invalidKey`` for unsupported algorithms or sizes.
    package init(pemRepresentation: String) throws {
        try self.init(evpKey: EVPKey.privateKey(pem: pemRepresentation))
    }

    /// Imports a DER private key (PKCS#8, SEC1 or PKCS#1), detecting its algorithm.
    package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
        try self.init(evpKey: EVPKey.privateKey(der: Array(derRepresentation)))
    }

    init(evpKey: EVPKey) throws {
        switch evpKey.typeName {
        case "EC": self = .p256(try P256.PrivateKey(validating: evpKey))
        case "RSA": self = .rsa(try RSA.PrivateKey(validating: evpKey))
        default: throw CryptoError(.invalidKey, "unsupported key type")
        }
    }

    /// The matching public key.
    package var publicKey: AnyPublicKey {
        switch self {
        case .p256(let key): .p256(key.publicKey)
        case .rsa(let key): .rsa(key.publicKey)
        }
    }

    /// PKCS#8 PEM.
    package var pemRepresentation: String {
        get throws { try evpKey.privateKeyPEM() }
    }
}

/// A public key of any algorithm this module supports (certificate subjects,
/// JWK sets, CMS recipients).
package enum AnyPublicKey: Sendable, Equatable {
    case p256(P256.PublicKey)
    case rsa(RSA.PublicKey)

    var evpKey: EVPKey {
        switch self {
        case .p256(let key): key.key
        case .rsa(let key): key.key
        }
    }

    /// Imports a SubjectPublicKeyInfo DER, detecting its algorithm.
    package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
        try self.init(evpKey: EVPKey.publicKey(der: Array(derRepresentation)))
    }

    /// Imports a "PUBLIC KEY" PEM, detecting its algorithm.
    package init(pemRepresentation: String) throws {
        try self.init(evpKey: EVPKey.publicKey(pem: pemRepresentation))
    }

    init(evpKey: EVPKey) throws {
        switch evpKey.typeName {
        case "EC": self = .p256(try P256.PublicKey(validating: evpKey))
        case "RSA": self = .rsa(try RSA.PublicKey(validating: evpKey))
        default: throw CryptoError(.invalidKey, "unsupported key type")
        }
    }

    /// SubjectPublicKeyInfo DER.
    package var derRepresentation: [UInt8] {
        get throws { try evpKey.publicKeyDER() }
    }
}
