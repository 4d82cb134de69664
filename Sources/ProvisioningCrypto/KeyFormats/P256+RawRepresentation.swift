import COpenSSL
import COpenSSLShims

extension P256.PrivateKey {
    /// Imports a raw 32-byte big-endian private scalar (JWK "d", test vectors).
    /// The public point is derived from it.
    /// - Throws: ``CryptoError/Code/invalidKey`` unless the scalar is 32 bytes
    ///   and in [1, n − 1].
    package init(rawRepresentation: [UInt8]) throws {
        guard rawRepresentation.count == 32 else {
            throw CryptoError(.invalidKey, "P-256 private scalar must be 32 bytes")
        }
        guard
            let pointer = rawRepresentation.withUnsafeBufferPointer({
                pp_ec_p256_private_from_scalar($0.baseAddress, $0.count)
            })
        else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.invalidKey, "not a valid P-256 private scalar")
        }
        try self.init(validating: EVPKey(taking: pointer))
    }

    /// The raw 32-byte big-endian private scalar. Handle as a secret.
    /// - Throws: ``CryptoError/Code/internalFailure`` if OpenSSL cannot export it.
    package var rawRepresentation: [UInt8] {
        get throws {
            var bignum: OpaquePointer?
            guard EVP_PKEY_get_bn_param(key.pointer, OSSL_PKEY_PARAM_PRIV_KEY, &bignum) == 1, let bignum else {
                throw OpenSSLErrorQueue.error(.internalFailure, "private scalar export failed")
            }
            defer { BN_clear_free(bignum) }
            var scalar = [UInt8](repeating: 0, count: 32)
            guard BN_bn2binpad(bignum, &scalar, 32) == 32 else {
                throw OpenSSLErrorQueue.error(.internalFailure, "private scalar export failed")
            }
            return scalar
        }
    }

    /// The public point as X9.62 uncompressed bytes (`0x04 ‖ X ‖ Y`), read
    /// straight from this key — cheaper than `publicKey.x963Representation`,
    /// which first builds a separate public key.
    package var publicKeyX963Representation: [UInt8] {
        get throws {
            var buffer = [UInt8](repeating: 0, count: 65)
            var length = 0
            guard
                EVP_PKEY_get_octet_string_param(
                    key.pointer, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, &buffer, buffer.count, &length) == 1,
                length == 65
            else {
                throw OpenSSLErrorQueue.error(.internalFailure, "public point export failed")
            }
            return buffer
        }
    }
}
