import COpenSSL

/// AES-256 in Galois/Counter Mode (NIST SP 800-38D) with 16-byte tags.
///
/// The IV (nonce) must never repeat under one key. 12 bytes is the standard
/// length; longer IVs (up to 128 bytes) are accepted and processed through
/// GHASH as the specification says. Shorter IVs are refused.
///
/// ```swift
/// let key = try SecureRandom.bytes(count: AES256GCM.keyByteCount)
/// let iv = try SecureRandom.bytes(count: AES256GCM.ivByteCount)
/// let sealed = try AES256GCM.seal(plaintext, key: key, iv: iv, aad: header)
/// let opened = try AES256GCM.open(sealed.ciphertext, tag: sealed.tag, key: key, iv: iv, aad: header)
/// ```
package enum AES256GCM {
    /// Key length: 32 bytes.
    package static let keyByteCount = 32
    /// The standard IV length: 12 bytes.
    package static let ivByteCount = 12
    /// IV lengths accepted.
    package static let allowedIVByteCounts = 12...128
    /// Tag length: 16 bytes.
    package static let tagByteCount = 16

    /// Encrypts and authenticates `plaintext`, and authenticates `aad`.
    /// - Returns: The ciphertext (same length as the plaintext) and the 16-byte tag.
    /// - Throws: ``CryptoError/Code/invalidArgument`` for a wrong key or IV length
    ///   or an input over 2³¹ − 1 bytes.
    package static func seal(
        _ plaintext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = []
    ) throws -> (ciphertext: [UInt8], tag: [UInt8]) {
        try checkParameters(key: key, iv: iv, plaintext: plaintext, aad: aad)
        let context = try Context(encrypting: true, key: key, iv: iv)
        try context.authenticate(aad)
        let ciphertext = try context.update(plaintext)
        var finalLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        guard EVP_EncryptFinal_ex(context.pointer, &scratch, &finalLength) == 1, finalLength == 0 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "AES-GCM final failed")
        }
        var tag = [UInt8](repeating: 0, count: tagByteCount)
        guard EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_AEAD_GET_TAG, Int32(tagByteCount), &tag) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "AES-GCM tag retrieval failed")
        }
        return (ciphertext, tag)
    }

    /// Encrypts like ``seal(_:key:iv:aad:)`` and returns `ciphertext ‖ tag`.
    package static func sealCombined(
        _ plaintext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = []
    ) throws -> [UInt8] {
        let sealed = try seal(plaintext, key: key, iv: iv, aad: aad)
        return sealed.ciphertext + sealed.tag
    }

    /// Verifies the tag and decrypts.
    ///
    /// No plaintext is returned unless the tag verifies.
    /// - Throws: ``CryptoError/Code/authenticationFailure`` when the tag does not
    ///   match (wrong key, IV or AAD, modified ciphertext) or is not 16 bytes;
    ///   ``CryptoError/Code/invalidArgument`` for a wrong key or IV length.
    package static func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = []
    ) throws -> [UInt8] {
        try checkParameters(key: key, iv: iv, plaintext: ciphertext, aad: aad)
        guard tag.count == tagByteCount else {
            throw CryptoError(.authenticationFailure, "AES-GCM authentication failed")
        }
        let context = try Context(encrypting: false, key: key, iv: iv)
        try context.authenticate(aad)
        var plaintext = try context.update(ciphertext)
        var expected = tag
        guard EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_AEAD_SET_TAG, Int32(tagByteCount), &expected) == 1
        else {
            throw OpenSSLErrorQueue.error(.internalFailure, "AES-GCM tag setup failed")
        }
        var finalLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        guard EVP_DecryptFinal_ex(context.pointer, &scratch, &finalLength) == 1 else {
            // Wipe the unauthenticated plaintext rather than leave it to the allocator.
            for index in plaintext.indices { plaintext[index] = 0 }
            OpenSSLErrorQueue.clear()
            throw CryptoError(.authenticationFailure, "AES-GCM authentication failed")
        }
        return plaintext
    }

    /// Opens `ciphertext ‖ tag` as produced by ``sealCombined(_:key:iv:aad:)``.
    /// - Throws: ``CryptoError/Code/authenticationFailure``, also when the input
    ///   is shorter than a tag.
    package static func openCombined(
        _ combined: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = []
    ) throws -> [UInt8] {
        guard combined.count >= tagByteCount else {
            throw CryptoError(.authenticationFailure, "AES-GCM authentication failed")
        }
        let split = combined.count - tagByteCount
        return try open(Array(combined[..<split]), tag: Array(combined[split...]), key: key, iv: iv, aad: aad)
    }

    private static func checkParameters(key: [UInt8], iv: [UInt8], plaintext: [UInt8], aad: [UInt8]) throws {
        guard key.count == keyByteCount else {
            throw CryptoError(.invalidArgument, "AES-256-GCM key must be 32 bytes")
        }
        guard allowedIVByteCounts.contains(iv.count) else {
            throw CryptoError(.invalidArgument, "AES-GCM IV must be 12 to 128 bytes")
        }
        guard plaintext.count < Int(Int32.max) - 16, aad.count < Int(Int32.max) else {
            throw CryptoError(.invalidArgument, "AES-GCM input too long")
        }
    }

    /// One `EVP_CIPHER_CTX` set up with key and IV.
    private final class Context {
        let pointer: OpaquePointer
        let encrypting: Bool

        init(encrypting: Bool, key: [UInt8], iv: [UInt8]) throws {
            let cipher = try FetchedAlgorithms.aes256GCM.require()
            guard let pointer = EVP_CIPHER_CTX_new() else {
                throw OpenSSLErrorQueue.error(.internalFailure, "EVP_CIPHER_CTX_new failed")
            }
            self.pointer = pointer
            self.encrypting = encrypting
            let mode: Int32 = encrypting ? 1 : 0
            // The IV length has to be set between choosing the cipher and giving the IV.
            guard EVP_CipherInit_ex2(pointer, cipher, nil, nil, mode, nil) == 1,
                iv.count == AES256GCM.ivByteCount
                    || EVP_CIPHER_CTX_ctrl(pointer, EVP_CTRL_AEAD_SET_IVLEN, Int32(iv.count), nil) == 1,
                EVP_CipherInit_ex2(pointer, nil, key, iv, mode, nil) == 1
            else {
                throw OpenSSLErrorQueue.error(.internalFailure, "AES-GCM init failed")
            }
        }

        deinit { EVP_CIPHER_CTX_free(pointer) }

        func authenticate(_ aad: [UInt8]) throws {
            guard !aad.isEmpty else { return }
            var length: Int32 = 0
            guard EVP_CipherUpdate(pointer, nil, &length, aad, Int32(aad.count)) == 1 else {
                throw OpenSSLErrorQueue.error(.internalFailure, "AES-GCM AAD failed")
            }
        }

        func update(_ input: [UInt8]) throws -> [UInt8] {
            guard !input.isEmpty else { return [] }
            var output = [UInt8](repeating: 0, count: input.count)
            var length: Int32 = 0
            guard EVP_CipherUpdate(pointer, &output, &length, input, Int32(input.count)) == 1,
                Int(length) == input.count
            else {
                throw OpenSSLErrorQueue.error(.internalFailure, "AES-GCM update failed")
            }
            return output
        }
    }
}
