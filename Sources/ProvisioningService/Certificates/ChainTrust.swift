import ProvisioningCrypto

/// What Apple's certificate chains are verified against: the pinned roots and
/// the Apple Pay issuer-encryption policy.
///
/// ```swift
/// let production = try ChainTrust.production()
/// let sandbox = ChainTrust(roots: [sandboxRoot], policy: .sandbox(intermediateCommonName: name))
/// ```
package struct ChainTrust: Sendable {
    /// The pinned roots.
    package var roots: [Certificate]
    /// The leaf and intermediate rules.
    package var policy: ApplePayIssuerEncryptionPolicy

    package init(roots: [Certificate], policy: ApplePayIssuerEncryptionPolicy) {
        self.roots = roots
        self.policy = policy
    }

    /// Apple Root CA - G3 (shipped in ProvisioningCrypto) with the production policy.
    ///
    /// - Throws: ``ProvisioningCrypto/CryptoError`` `internal-failure` when the bundled root cannot be read.
    package static func production() throws -> ChainTrust {
        ChainTrust(roots: [try TrustAnchors.appleRootCAG3], policy: .production)
    }
}
