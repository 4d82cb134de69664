import COpenSSL

extension P256.PrivateKey {
    /// Elliptic-curve Diffie–Hellman (`EVP_PKEY_derive`) with a peer's public
    /// key: the 32-byte x-coordinate of the shared point, Z in SP 800-56A terms.
    ///
    /// Z is not a key: feed it to a KDF (``ConcatKDF`` for Apple's ECC_V2).
    ///
    /// ```swift
    /// let z = try ephemeral.sharedSecret(with: recipientPublicKey)
    /// let key = try ConcatKDF.deriveKey(sharedSecret: z, otherInfo: info, outputByteCount: 32)
    /// ```
    /// - Throws: ``CryptoError/Code/invalidKey`` when OpenSSL refuses the peer
    ///   key; ``CryptoError/Code/internalFailure`` otherwise.
    package func sharedSecret(with publicKey: P256.PublicKey) throws -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "EVP_PKEY_CTX_new failed")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "ECDH init failed")
        }
        // No per-call peer validation (0): every P256.PublicKey was checked when it
        // was built (on the curve, not infinity; see `P256.PublicKey`), and OpenSSL's
        // full check would add n·Q = O, a second scalar multiplication that proves
        // nothing on a prime-order curve and halved the ECDH rate.
        guard EVP_PKEY_derive_set_peer_ex(context, publicKey.key.pointer, 0) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidKey, "ECDH peer key refused")
        }
        var secret = [UInt8](repeating: 0, count: 32)
        var length = secret.count
        guard EVP_PKEY_derive(context, &secret, &length) == 1, length == 32 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "ECDH derivation failed")
        }
        return secret
    }
}
