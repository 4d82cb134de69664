import COpenSSL
import COpenSSLShims

/// Owns one OpenSSL `EVP_PKEY`.
///
/// The key is never mutated after construction; OpenSSL 3 allows concurrent
/// operations on one `EVP_PKEY` as long as each uses its own `EVP_PKEY_CTX`,
/// which every operation in this module does. Hence `@unchecked Sendable`.
///
/// `package` only so that the key protocols (``OpenSSLPrivateKey``,
/// ``OpenSSLPublicKey``) can name it: other modules can pass one from key to
/// key (`init(validating:)` checks it again) but reach none of its members.
package final class EVPKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// OpenSSL's algorithm name ("EC", "RSA", …).
    var typeName: String {
        guard let name = EVP_PKEY_get0_type_name(pointer) else { return "" }
        return String(cString: name)
    }

    /// The curve name for EC keys ("prime256v1"), else nil.
    var groupName: String? {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(pointer, &buffer, buffer.count, &length) == 1 else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Key size in bits.
    var bits: Int { Int(EVP_PKEY_get_bits(pointer)) }

    /// Whether the key holds private material.
    var hasPrivateKey: Bool {
        // An EVP_PKEY built from a public encoding has no private component; probing
        // the private BIGNUM/octets is the portable way to tell for EC and RSA alike.
        if typeName == "EC" {
            var bn: OpaquePointer?
            let ok = EVP_PKEY_get_bn_param(pointer, OSSL_PKEY_PARAM_PRIV_KEY, &bn) == 1
            BN_clear_free(bn)
            OpenSSLErrorQueue.clear()
            return ok
        }
        var bn: OpaquePointer?
        let ok = EVP_PKEY_get_bn_param(pointer, OSSL_PKEY_PARAM_RSA_D, &bn) == 1
        BN_clear_free(bn)
        OpenSSLErrorQueue.clear()
        return ok
    }

    // MARK: Encodings

    /// SubjectPublicKeyInfo DER.
    func publicKeyDER() throws -> [UInt8] {
        try encodeDER("SubjectPublicKeyInfo") { i2d_PUBKEY(pointer, $0) }
    }

    /// PKCS#8 PrivateKeyInfo DER (unencrypted).
    func privateKeyPKCS8DER() throws -> [UInt8] {
        guard let info = EVP_PKEY2PKCS8(pointer) else {
            throw OpenSSLErrorQueue.error(.invalidKey, "key has no private component")
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        return try encodeDER("PKCS#8") { i2d_PKCS8_PRIV_KEY_INFO(info, $0) }
    }

    /// "-----BEGIN PUBLIC KEY-----" PEM.
    func publicKeyPEM() throws -> String {
        let bio = try MemoryBIO()
        guard PEM_write_bio_PUBKEY(bio.pointer, pointer) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "PEM_write_bio_PUBKEY failed")
        }
        return bio.string()
    }

    /// "-----BEGIN PRIVATE KEY-----" (PKCS#8) PEM.
    func privateKeyPEM() throws -> String {
        let bio = try MemoryBIO()
        guard PEM_write_bio_PKCS8PrivateKey(bio.pointer, pointer, nil, nil, 0, nil, nil) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "PEM_write_bio_PKCS8PrivateKey failed")
        }
        return bio.string()
    }

    /// Parses a private key from PKCS#8 DER or a type-specific DER (SEC1, PKCS#1).
    static func privateKey(der: [UInt8]) throws -> EVPKey {
        let key = try decodeDER(
            der, "private key",
            { cursor, length in
                d2i_AutoPrivateKey(nil, cursor, length)
            }, release: { EVP_PKEY_free($0) })
        return EVPKey(taking: key)
    }

    /// Parses a SubjectPublicKeyInfo DER.
    static func publicKey(der: [UInt8]) throws -> EVPKey {
        let key = try decodeDER(
            der, "public key",
            { cursor, length in
                d2i_PUBKEY(nil, cursor, length)
            }, release: { EVP_PKEY_free($0) })
        return EVPKey(taking: key)
    }

    /// Parses a private key PEM ("PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY").
    static func privateKey(pem: String) throws -> EVPKey {
        let bio = try MemoryBIO(Array(pem.utf8))
        guard let key = PEM_read_bio_PrivateKey(bio.pointer, nil, nil, nil) else {
            throw OpenSSLErrorQueue.error(.invalidEncoding, "not a PEM private key")
        }
        return EVPKey(taking: key)
    }

    /// Parses a "PUBLIC KEY" PEM.
    static func publicKey(pem: String) throws -> EVPKey {
        let bio = try MemoryBIO(Array(pem.utf8))
        guard let key = PEM_read_bio_PUBKEY(bio.pointer, nil, nil, nil) else {
            throw OpenSSLErrorQueue.error(.invalidEncoding, "not a PEM public key")
        }
        return EVPKey(taking: key)
    }

    /// A new key holding only this key's public half.
    func publicOnly() throws -> EVPKey {
        try EVPKey.publicKey(der: publicKeyDER())
    }

    /// `EVP_PKEY_eq`: same type and same public component.
    func publicKeyEquals(_ other: EVPKey) -> Bool {
        let equal = EVP_PKEY_eq(pointer, other.pointer) == 1
        OpenSSLErrorQueue.clear()
        return equal
    }
}
