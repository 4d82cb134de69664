import COpenSSL

extension RSA {
    /// An RSA signature scheme, always over SHA-256.
    package struct SignaturePadding: Hashable, Sendable {
        let isPSS: Bool

        /// RSASSA-PKCS1-v1_5 with SHA-256 (JWS RS256, most X.509).
        package static let pkcs1v15SHA256 = SignaturePadding(isPSS: false)
        /// RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt (JWS PS256).
        /// Verification requires exactly that salt length.
        package static let pssSHA256 = SignaturePadding(isPSS: true)

        func configure(_ context: OpaquePointer) -> Bool {
            guard isPSS else { return EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1 }
            guard let digest = try? FetchedAlgorithms.digest(named: SHA256.openSSLName) else { return false }
            return EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PSS_PADDING) == 1
                && EVP_PKEY_CTX_set_rsa_pss_saltlen(context, RSA_PSS_SALTLEN_DIGEST) == 1
                && EVP_PKEY_CTX_set_rsa_mgf1_md(context, digest) == 1
        }
    }
}

extension RSA.PrivateKey {
    /// Signs `data` (hashed with SHA-256) with the given padding.
    ///
    /// ```swift
    /// let signature = try key.signature(for: message, padding: .pssSHA256)
    /// ```
    /// - Throws: ``CryptoError/Code/internalFailure`` if OpenSSL fails.
    package func signature(for data: [UInt8], padding: RSA.SignaturePadding) throws -> [UInt8] {
        try EVPSigning.sign(data, key: key, digest: SHA256.openSSLName, configure: padding.configure)
    }
}

extension RSA.PublicKey {
    /// Whether `signature` is a valid signature of `data` with the given
    /// padding. A PKCS#1 v1.5 signature never verifies as PSS, nor the reverse.
    package func isValidSignature(_ signature: [UInt8], for data: [UInt8], padding: RSA.SignaturePadding) -> Bool {
        EVPSigning.verify(signature, message: data, key: key, digest: SHA256.openSSLName, configure: padding.configure)
    }
}
