import COpenSSL
import COpenSSLShims

extension RSA.PublicKey {
    /// Builds a public key from its big-endian modulus and public exponent (the
    /// JWK "n" and "e" members, decoded).
    /// - Throws: ``CryptoError/Code/invalidKey`` for malformed components or a
    ///   size outside ``RSA/allowedKeySizes``.
    package init(modulus: [UInt8], publicExponent: [UInt8]) throws {
        guard
            let pointer = modulus.withUnsafeBufferPointer({ n in
                publicExponent.withUnsafeBufferPointer { e in
                    pp_rsa_public_from_components(n.baseAddress, n.count, e.baseAddress, e.count)
                }
            })
        else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.invalidKey, "not a valid RSA modulus and exponent")
        }
        try self.init(validating: EVPKey(taking: pointer))
    }

    /// The modulus n, big-endian, without leading zero bytes.
    package var modulus: [UInt8] {
        get throws { try RSA.component(OSSL_PKEY_PARAM_RSA_N, of: key) }
    }

    /// The public exponent e, big-endian, without leading zero bytes.
    package var publicExponent: [UInt8] {
        get throws { try RSA.component(OSSL_PKEY_PARAM_RSA_E, of: key) }
    }
}

extension RSA {
    static func component(_ name: String, of key: EVPKey) throws -> [UInt8] {
        let length = pp_rsa_get_component(key.pointer, name, nil, 0)
        guard length > 0 else { throw OpenSSLErrorQueue.error(.internalFailure, "RSA component export failed") }
        var bytes = [UInt8](repeating: 0, count: length)
        guard pp_rsa_get_component(key.pointer, name, &bytes, bytes.count) == length else {
            throw OpenSSLErrorQueue.error(.internalFailure, "RSA component export failed")
        }
        return bytes
    }
}
