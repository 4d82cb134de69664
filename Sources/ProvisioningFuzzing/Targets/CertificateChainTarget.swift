import ProvisioningCrypto

extension FuzzTarget {
    /// Apple's certificate chain as the device sends it: concatenated DER
    /// certificates, leaf first, verified with `CertificateChainVerifier` and
    /// the Apple Pay issuer-encryption policy against a pinned root of Apple's
    /// shape (the production policy's checks, with the fuzz intermediate name).
    public static let certificateChain = FuzzTarget(name: "certificate-chain") { input in
        guard let root = FuzzFixtures.root else { return .refused }
        // One more part than the policy allows, so the length check is reached too.
        let parts = DERSequenceSplitter.split(input, maximumParts: ApplePayIssuerEncryptionPolicy.chainLength + 2)
        let verifier = CertificateChainVerifier(trustedRoots: [root])
        let policy = ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName: FuzzFixtures.intermediateCommonName)
        do {
            let chain = try verifier.verify(derChain: parts, at: FuzzFixtures.now, policy: policy)
            _ = try chain.leaf.publicKey
            return .accepted
        } catch {
            return .refused
        }
    }
}
