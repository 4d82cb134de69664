import COpenSSL
import COpenSSLShims

/// RSA keys (2048, 3072 or 4096 bits): CMS key transport (OAEP-SHA256) and
/// RS256/PS256 signatures.
///
/// ```swift
/// let key = try RSA.PrivateKey(bits: 2048)
/// let spki = try key.publicKey.derRepresentation
/// ```
package enum RSA {
    /// Sizes this module accepts. Smaller keys are refused on import too.
    package static let allowedKeySizes: Set<Int> = [2048, 3072, 4096]

    static func validate(_ key: EVPKey, requirePrivate: Bool) throws {
        guard key.typeName == "RSA" else { throw CryptoError(.invalidKey, "not an RSA key") }
        guard allowedKeySizes.contains(key.bits) else {
            throw CryptoError(.invalidKey, "RSA key size \(key.bits) not allowed")
        }
        if requirePrivate && !key.hasPrivateKey {
            throw CryptoError(.invalidKey, "not a private key")
        }
    }

    /// An RSA private key.
    package struct PrivateKey: Sendable {
        let key: EVPKey

        init(validating key: EVPKey) throws {
            try RSA.validate(key, requirePrivate: true)
            self.key = key
        }

        /// Generates a key with public exponent 65537.
        /// - Parameter bits: 2048, 3072 or 4096.
        /// - Throws: ``CryptoError/Code/invalidArgument`` for other sizes.
        package init(bits: Int = 2048) throws {
            guard RSA.allowedKeySizes.contains(bits) else {
                throw CryptoError(.invalidArgument, "RSA key size \(bits) not allowed")
            }
            guard let pointer = pp_rsa_generate(UInt32(bits)) else {
                throw OpenSSLErrorQueue.error(.internalFailure, "RSA key generation failed")
            }
            key = EVPKey(taking: pointer)
        }

        /// Imports a PEM private key (PKCS#8 "PRIVATE KEY" or PKCS#1 "RSA PRIVATE KEY").
        package init(pemRepresentation: String) throws {
            try self.init(validating: EVPKey.privateKey(pem: pemRepresentation))
        }

        /// Imports a DER private key (PKCS#8 or PKCS#1).
        package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
            try self.init(validating: EVPKey.privateKey(der: Array(derRepresentation)))
        }

        /// Imports the private key of a DER PKCS #12 file (`.p12`, as
        /// Mastercard's developer portal hands out a signing key), decrypted
        /// with `password`; its certificates are ignored.
        ///
        /// - Throws: ``CryptoError`` `invalidEncoding` when the bytes are not a
        ///   PKCS #12 file this OpenSSL can open with that password (a wrong
        ///   password, or bags encrypted with RC2, which needs OpenSSL's legacy
        ///   provider), or `invalidKey` when its key is not an RSA private key
        ///   of an allowed size. Neither error names the password.
        package init(pkcs12 der: [UInt8], password: String) throws {
            guard let pointer = pp_pkcs12_private_key(der, der.count, password) else {
                throw OpenSSLErrorQueue.error(
                    .invalidEncoding, "not a PKCS #12 file with a private key that opens with this password")
            }
            try self.init(validating: EVPKey(taking: pointer))
        }

        /// Modulus size in bits.
        package var keySizeInBits: Int { key.bits }

        /// The matching public key.
        package var publicKey: PublicKey {
            PublicKey(unchecked: (try? key.publicOnly()) ?? key)
        }

        /// PKCS#8 PEM.
        package var pemRepresentation: String {
            get throws { try key.privateKeyPEM() }
        }

        /// PKCS#8 DER.
        package var derRepresentation: [UInt8] {
            get throws { try key.privateKeyPKCS8DER() }
        }
    }

    /// An RSA public key.
    package struct PublicKey: Sendable, Equatable {
        let key: EVPKey

        init(unchecked key: EVPKey) {
            self.key = key
        }

        init(validating key: EVPKey) throws {
            try RSA.validate(key, requirePrivate: false)
            self.key = key
        }

        /// Imports a "PUBLIC KEY" PEM (SubjectPublicKeyInfo).
        package init(pemRepresentation: String) throws {
            try self.init(validating: EVPKey.publicKey(pem: pemRepresentation))
        }

        /// Imports a SubjectPublicKeyInfo DER.
        package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
            try self.init(validating: EVPKey.publicKey(der: Array(derRepresentation)))
        }

        /// Modulus size in bits.
        package var keySizeInBits: Int { key.bits }

        /// SubjectPublicKeyInfo DER.
        package var derRepresentation: [UInt8] {
            get throws { try key.publicKeyDER() }
        }

        /// "-----BEGIN PUBLIC KEY-----" PEM.
        package var pemRepresentation: String {
            get throws { try key.publicKeyPEM() }
        }

        package static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
            lhs.key.publicKeyEquals(rhs.key)
        }
    }
}
