import COpenSSL

extension RSA {
    /// An RSA encryption padding. Only OAEP is offered: PKCS#1 v1.5 encryption is
    /// open to padding-oracle attacks.
    package struct EncryptionPadding: Hashable, Sendable {
        let digest: String

        /// RSAES-OAEP with SHA-256 for the label hash and MGF1-SHA-256 (what CMS
        /// `id-RSAES-OAEP` with SHA-256 parameters and Apple's RSA_V2 use).
        package static let oaepSHA256 = EncryptionPadding(digest: SHA256.openSSLName)
    }
}

extension RSA.PublicKey {
    /// The longest plaintext `encrypt(_:padding:)` accepts: k − 2·hLen − 2 bytes.
    package func maximumPlaintextByteCount(padding: RSA.EncryptionPadding = .oaepSHA256) -> Int {
        (keySizeInBits + 7) / 8 - 2 * SHA256.byteCount - 2
    }

    /// Encrypts `plaintext` (RSAES-OAEP, random seed).
    ///
    /// ```swift
    /// let wrapped = try recipient.encrypt(contentKey, padding: .oaepSHA256)
    /// ```
    /// - Throws: ``CryptoError/Code/invalidArgument`` when the plaintext is longer
    ///   than ``maximumPlaintextByteCount(padding:)``.
    package func encrypt(_ plaintext: [UInt8], padding: RSA.EncryptionPadding = .oaepSHA256) throws -> [UInt8] {
        guard plaintext.count <= maximumPlaintextByteCount(padding: padding) else {
            throw CryptoError(.invalidArgument, "plaintext too long for RSA-OAEP")
        }
        let digest = try FetchedAlgorithms.digest(named: padding.digest)
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "EVP_PKEY_CTX_new failed")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_encrypt_init(context) == 1, RSA.configureOAEP(context, digest: digest) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "RSA-OAEP init failed")
        }
        var length = 0
        guard EVP_PKEY_encrypt(context, nil, &length, plaintext, plaintext.count) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "RSA-OAEP size query failed")
        }
        var ciphertext = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_encrypt(context, &ciphertext, &length, plaintext, plaintext.count) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "RSA-OAEP encryption failed")
        }
        ciphertext.removeLast(ciphertext.count - length)
        return ciphertext
    }
}

extension RSA.PrivateKey {
    /// Decrypts an RSAES-OAEP ciphertext.
    ///
    /// Every failure — wrong length, wrong key, bad padding, modified data —
    /// throws the same error with the same detail, so that callers cannot turn
    /// it into a padding oracle.
    /// - Throws: ``CryptoError/Code/decryptionFailure``.
    package func decrypt(_ ciphertext: [UInt8], padding: RSA.EncryptionPadding = .oaepSHA256) throws -> [UInt8] {
        let failure = CryptoError(.decryptionFailure, "RSA-OAEP decryption failed")
        defer { OpenSSLErrorQueue.clear() }
        guard ciphertext.count == (keySizeInBits + 7) / 8,
            let digest = try? FetchedAlgorithms.digest(named: padding.digest),
            let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil)
        else { throw failure }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_decrypt_init(context) == 1, RSA.configureOAEP(context, digest: digest) else { throw failure }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        var length = plaintext.count
        guard EVP_PKEY_decrypt(context, &plaintext, &length, ciphertext, ciphertext.count) == 1 else {
            throw failure
        }
        plaintext.removeLast(plaintext.count - length)
        return plaintext
    }
}

extension RSA {
    static func configureOAEP(_ context: OpaquePointer, digest: OpaquePointer) -> Bool {
        EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_OAEP_PADDING) == 1
            && EVP_PKEY_CTX_set_rsa_oaep_md(context, digest) == 1
            && EVP_PKEY_CTX_set_rsa_mgf1_md(context, digest) == 1
    }
}
