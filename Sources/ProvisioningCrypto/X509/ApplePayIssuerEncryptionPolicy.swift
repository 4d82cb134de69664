/// The rules Apple's `SecPolicyCreateApplePayIssuerEncryption` applies to the
/// certificate chain Wallet hands an issuer for in-app provisioning.
///
/// * The verified path is exactly ``chainLength`` long (leaf, intermediate,
///   root; the root is pinned, never sent).
/// * The leaf is found by its marker extension ``leafMarkerOID``, not by
///   position; it must also be the first certificate presented.
/// * The intermediate has the expected common name and, when
///   ``requiresIntermediateMarker`` is set, the marker ``intermediateMarkerOID``.
/// * The leaf key is P-256 and its key usage includes
///   ``requiredLeafKeyUsage``.
///
/// ```swift
/// let verifier = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
/// let chain = try verifier.verify(derChain: certificates, at: .now, policy: ApplePayIssuerEncryptionPolicy.production)
/// let leafKey = try chain.leaf.publicKey
/// ```
package struct ApplePayIssuerEncryptionPolicy: CertificatePolicy, Hashable {
    /// "Apple Pay issuer encryption" marker on the leaf (critical, value NULL).
    package static let leafMarkerOID = "1.2.840.113635.100.6.39"
    /// Marker on Apple Worldwide Developer Relations CA - G2.
    package static let intermediateMarkerOID = "1.2.840.113635.100.6.2.15"
    /// Common name of Apple's production intermediate.
    package static let productionIntermediateCommonName = "Apple Worldwide Developer Relations CA - G2"

    /// The key usages a leaf must allow. Apple's policy checks keyEncipherment;
    /// Apple's leaves carry keyEncipherment and keyAgreement, and ECDH (ECC_V2)
    /// is key agreement, so both are required. This is the one place the rule
    /// lives.
    package static let requiredLeafKeyUsage: KeyUsage = [.keyEncipherment, .keyAgreement]

    /// Path length including the root.
    package static let chainLength = 3

    /// Expected common name of the intermediate, or `nil` to skip the check.
    package var intermediateCommonName: String?
    /// Whether the intermediate must carry ``intermediateMarkerOID``.
    package var requiresIntermediateMarker: Bool

    /// Apple's production chain: WWDR CA - G2 by name and marker.
    package static let production = ApplePayIssuerEncryptionPolicy(
        intermediateCommonName: productionIntermediateCommonName, requiresIntermediateMarker: true)

    /// A sandbox chain of the same shape whose intermediate has its own name.
    package static func sandbox(intermediateCommonName: String) -> ApplePayIssuerEncryptionPolicy {
        ApplePayIssuerEncryptionPolicy(intermediateCommonName: intermediateCommonName, requiresIntermediateMarker: true)
    }

    // MARK: CertificatePolicy

    package var handledCriticalExtensions: [String] { [Self.leafMarkerOID, Self.intermediateMarkerOID] }

    package var maximumPresentedCertificates: Int? { Self.chainLength }

    package func validatePresented(_ certificates: [Certificate]) throws {
        let marked = certificates.indices.filter { certificates[$0].extension(oid: Self.leafMarkerOID) != nil }
        guard let leafIndex = marked.first else {
            throw CryptoError(.missingLeafMarker, "no certificate carries the Apple Pay issuer encryption marker")
        }
        guard leafIndex == 0 else {
            throw CryptoError(.chainOutOfOrder, "the marked leaf is at position \(leafIndex), not first")
        }
        guard marked.count == 1 else {
            throw CryptoError(.intermediateMismatch, "a certificate after the leaf carries the leaf marker")
        }
    }

    package func validateVerified(_ chain: VerifiedCertificateChain) throws {
        guard chain.certificates.count == Self.chainLength else {
            throw CryptoError(
                .unexpectedChainLength,
                "verified path has \(chain.certificates.count) certificates, expected \(Self.chainLength)")
        }
        let intermediate = chain.certificates[1]
        if let intermediateCommonName, intermediate.subject.commonName != intermediateCommonName {
            throw CryptoError(.intermediateMismatch, "intermediate common name is not the expected one")
        }
        if requiresIntermediateMarker && intermediate.extension(oid: Self.intermediateMarkerOID) == nil {
            throw CryptoError(.intermediateMismatch, "intermediate lacks its marker extension")
        }
        guard let usage = chain.leaf.keyUsage, usage.isSuperset(of: Self.requiredLeafKeyUsage) else {
            throw CryptoError(
                .invalidKeyUsage, "leaf key usage must include \(Self.requiredLeafKeyUsage)")
        }
        guard case .p256 = try chain.leaf.publicKey else {
            throw CryptoError(.unsupportedPublicKey, "leaf key is not P-256")
        }
    }
}
