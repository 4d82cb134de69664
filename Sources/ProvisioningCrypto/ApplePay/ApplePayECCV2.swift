/// Apple's ECC_V2 in-app provisioning encryption (`PKEncryptionScheme.ECC_V2`,
/// raw value `"EV_ECC_v2"`).
///
/// For every request: a fresh ephemeral P-256 key; `Z` = ECDH(ephemeral, leaf);
/// the content key is the NIST SP 800-56A single-step KDF with SHA-256 over `Z`
/// and `OtherInfo = 0x0D ‖ "id-aes256-GCM" ‖ "Apple" ‖ ephemeral point`; the pass
/// data is sealed with AES-256-GCM under a 12-byte zero IV and no AAD (safe only
/// because the key is never reused), giving `ciphertext ‖ tag`.
///
/// Verify Apple's certificate chain first (``CertificateChainVerifier`` with
/// ``ApplePayIssuerEncryptionPolicy``) and encrypt for the verified leaf:
///
/// ```swift
/// let chain = try verifier.verify(derChain: request.certificates, at: .now, policy: .production)
/// let sealed = try ApplePayECCV2.encrypt(passData, for: chain.leaf)
/// ```
package enum ApplePayECCV2 {
    /// `PKEncryptionScheme.ECC_V2.rawValue`.
    package static let schemeIdentifier = "EV_ECC_v2"

    private static let algorithmIdentifier = Array("id-aes256-GCM".utf8)
    private static let partyUInfo = Array("Apple".utf8)
    private static let zeroIV = [UInt8](repeating: 0, count: AES256GCM.ivByteCount)

    /// The KDF's OtherInfo for an ephemeral point.
    static func otherInfo(ephemeralPublicKey: [UInt8]) -> [UInt8] {
        [UInt8(algorithmIdentifier.count)] + algorithmIdentifier + partyUInfo + ephemeralPublicKey
    }

    /// The AES-256 content key for a shared secret and ephemeral point.
    static func contentKey(sharedSecret: [UInt8], ephemeralPublicKey: [UInt8]) throws -> [UInt8] {
        try ConcatKDF.deriveKey(
            sharedSecret: sharedSecret, otherInfo: otherInfo(ephemeralPublicKey: ephemeralPublicKey),
            outputByteCount: AES256GCM.keyByteCount)
    }

    /// The certificate carrying Apple's leaf marker (OID 1.2.840.113635.100.6.39),
    /// wherever it sits in `chain`: Apple's leaf is found by its marker, not by position.
    /// - Throws: ``CryptoError/Code/missingLeafMarker`` when none carries it.
    package static func leafCertificate(in chain: [Certificate]) throws -> Certificate {
        guard let leaf = chain.first(where: { $0.extension(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID) != nil })
        else {
            throw CryptoError(.missingLeafMarker, "no certificate carries the Apple Pay leaf marker")
        }
        return leaf
    }

    /// Encrypts `plaintext` for a leaf public key.
    /// - Throws: ``CryptoError`` if key generation or a primitive fails.
    package static func encrypt(
        _ plaintext: [UInt8], for leafPublicKey: P256.PublicKey
    ) throws
        -> ApplePayEncryptedPassData
    {
        let ephemeral = try P256.PrivateKey()
        let point = try ephemeral.publicKeyX963Representation
        let key = try contentKey(sharedSecret: ephemeral.sharedSecret(with: leafPublicKey), ephemeralPublicKey: point)
        let sealed = try AES256GCM.sealCombined(plaintext, key: key, iv: zeroIV)
        return ApplePayEncryptedPassData(encryptedPassData: sealed, ephemeralPublicKey: point)
    }

    /// Encrypts pass data for Apple's leaf certificate.
    /// - Throws: ``CryptoError`` — ``CryptoError/Code/unsupportedPublicKey``
    ///   when the leaf key is not P-256, or a primitive's code.
    package static func encrypt(
        _ passData: ApplePayPassData, for leaf: Certificate
    ) throws
        -> ApplePayEncryptedPassData
    {
        guard case .p256(let leafKey) = try leaf.publicKey else {
            throw CryptoError(.unsupportedPublicKey, "ECC_V2 needs a P-256 leaf key")
        }
        return try encrypt(passData.jsonRepresentation(), for: leafKey)
    }

    /// Decrypts what ``encrypt(_:for:)-(_,P256.PublicKey)`` produced, with the leaf's private key
    /// (the sandbox's Apple side).
    /// - Throws: ``CryptoError/Code/invalidKey`` for a bad ephemeral point,
    ///   ``CryptoError/Code/authenticationFailure`` for a wrong key or altered data.
    package static func decrypt(
        _ sealed: ApplePayEncryptedPassData, leafPrivateKey: P256.PrivateKey
    ) throws
        -> [UInt8]
    {
        guard sealed.ephemeralPublicKey.count == 65 else {
            throw CryptoError(.invalidKey, "ephemeral public key must be a 65-byte uncompressed point")
        }
        let ephemeral = try P256.PublicKey(x963Representation: sealed.ephemeralPublicKey)
        let key = try contentKey(
            sharedSecret: leafPrivateKey.sharedSecret(with: ephemeral), ephemeralPublicKey: sealed.ephemeralPublicKey)
        return try AES256GCM.openCombined(sealed.encryptedPassData, key: key, iv: zeroIV)
    }

    /// Decrypts and parses pass data.
    package static func decryptPassData(
        _ sealed: ApplePayEncryptedPassData, leafPrivateKey: P256.PrivateKey
    ) throws
        -> ApplePayPassData
    {
        try ApplePayPassData(jsonRepresentation: decrypt(sealed, leafPrivateKey: leafPrivateKey))
    }
}
