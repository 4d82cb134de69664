import COpenSSL
import COpenSSLShims

/// NIST P-256 (secp256r1, OpenSSL "prime256v1") keys, used for ECDH (Apple's
/// ECC_V2 scheme, CMS key agreement) and ECDSA (ES256, device nonce signatures).
///
/// ```swift
/// let key = try P256.PrivateKey()
/// let point = key.publicKey.x963Representation   // 65 bytes, 0x04 ‖ X ‖ Y
/// let pem = try key.pemRepresentation            // PKCS#8
/// ```
package enum P256 {
    /// A P-256 private key. The key material stays inside OpenSSL; exporting it
    /// is explicit (``pemRepresentation``, ``derRepresentation``).
    package struct PrivateKey: OpenSSLPrivateKey {
        package typealias PublicKey = P256.PublicKey

        package let key: EVPKey

        /// The matching public key.
        package var publicKey: P256.PublicKey {
            // Re-encoding through SPKI cannot fail for a key OpenSSL generated or
            // validated; fall back to sharing the pair if it somehow does.
            P256.PublicKey(unchecked: (try? key.publicOnly()) ?? key)
        }

        package init(validating key: EVPKey) throws {
            guard key.typeName == "EC", key.groupName == "prime256v1" else {
                throw CryptoError(.invalidKey, "not a P-256 key")
            }
            guard key.hasPrivateKey else {
                throw CryptoError(.invalidKey, "not a private key")
            }
            self.key = key
        }

        /// Generates a fresh key pair from OpenSSL's CSPRNG.
        /// - Throws: ``CryptoError/Code/internalFailure`` if OpenSSL cannot generate.
        package init() throws {
            guard let pointer = pp_ec_p256_generate() else {
                throw OpenSSLErrorQueue.error(.internalFailure, "P-256 key generation failed")
            }
            key = EVPKey(taking: pointer)
        }
    }

    /// A P-256 public key.
    ///
    /// Every value is a point on the curve other than infinity: each
    /// constructor that takes outside bytes (X9.62, SubjectPublicKeyInfo DER or
    /// PEM, JWK, certificates) runs OpenSSL's quick public check, which for a
    /// prime-order curve like P-256 is full validation. Operations such as
    /// ``P256/PrivateKey/sharedSecret(with:)`` rely on this and do not check again.
    package struct PublicKey: OpenSSLPublicKey {
        package let key: EVPKey

        /// For a key derived from a private key this module holds, which
        /// OpenSSL computed itself: no check. Internal, so that no other
        /// module can wrap an unchecked key.
        init(unchecked key: EVPKey) {
            self.key = key
        }

        package init(validating key: EVPKey) throws {
            guard key.typeName == "EC", key.groupName == "prime256v1" else {
                throw CryptoError(.invalidKey, "not a P-256 key")
            }
            // OpenSSL's decoders already refuse off-curve points; checking here keeps
            // the type's guarantee independent of how the key was decoded.
            guard pp_ec_public_check_quick(key.pointer) == 1 else {
                OpenSSLErrorQueue.clear()
                throw CryptoError(.invalidKey, "point is not on P-256")
            }
            // A pair handed in is kept as its public half: a public key never
            // carries a private one, whoever built it.
            self.key = key.hasPrivateKey ? try key.publicOnly() : key
        }

        /// Imports an X9.62 point: uncompressed (65 bytes, `0x04 ‖ X ‖ Y`) or
        /// compressed (33 bytes). The point is checked to lie on the curve.
        /// - Throws: ``CryptoError/Code/invalidKey``.
        package init<Bytes: Collection>(x963Representation: Bytes) throws where Bytes.Element == UInt8 {
            let point = Array(x963Representation)
            guard
                point.count == 65 && point.first == 0x04
                    || point.count == 33 && (point.first == 0x02 || point.first == 0x03)
            else {
                throw CryptoError(.invalidKey, "not an X9.62 P-256 point (\(point.count) bytes)")
            }
            guard
                let pointer = point.withUnsafeBufferPointer({ pp_ec_p256_public_from_point($0.baseAddress, $0.count) })
            else {
                OpenSSLErrorQueue.clear()
                throw CryptoError(.invalidKey, "point is not on P-256")
            }
            key = EVPKey(taking: pointer)
        }

        /// The uncompressed X9.62 point, 65 bytes: `0x04 ‖ X ‖ Y`.
        package var x963Representation: [UInt8] {
            var buffer = [UInt8](repeating: 0, count: 65)
            var length = 0
            let ok = EVP_PKEY_get_octet_string_param(
                key.pointer, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, &buffer, buffer.count, &length)
            // A validated P-256 key always has its point; OpenSSL's default
            // conversion form is uncompressed.
            guard ok == 1, length == 65 else {
                OpenSSLErrorQueue.clear()
                return []
            }
            return buffer
        }
    }
}
