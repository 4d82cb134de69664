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
    package struct PrivateKey: OpenSSLPrivateKey {
        package typealias PublicKey = RSA.PublicKey

        package let key: EVPKey

        /// The matching public key.
        package var publicKey: RSA.PublicKey {
            // Re-encoding through SPKI cannot fail for a key OpenSSL generated or
            // validated; fall back to sharing the pair if it somehow does.
            RSA.PublicKey(unchecked: (try? key.publicOnly()) ?? key)
        }

        package init(validating key: EVPKey) throws {
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
    }

    /// An RSA public key.
    package struct PublicKey: OpenSSLPublicKey {
        package let key: EVPKey

        /// For a key derived from a private key this module holds, which
        /// OpenSSL computed itself: no check. Internal, so that no other
        /// module can wrap an unchecked key.
        init(unchecked key: EVPKey) {
            self.key = key
        }

        package init(validating key: EVPKey) throws {
            try RSA.validate(key, requirePrivate: false)
            // A pair handed in is kept as its public half: a public key never
            // carries a private one, whoever built it.
            self.key = key.hasPrivateKey ? try key.publicOnly() : key
        }

        /// Modulus size in bits.
        package var keySizeInBits: Int { key.bits }
    }
}
