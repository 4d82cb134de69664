/// Extra rules a ``CertificateChainVerifier`` applies around OpenSSL's path
/// validation: on the certificates as presented, and on the verified path.
///
/// ``ApplePayIssuerEncryptionPolicy`` is the policy this project uses; other
/// policies can be written the same way.
package protocol CertificatePolicy: Sendable {
    /// Dotted OIDs of critical extensions this policy understands. OpenSSL
    /// refuses unknown critical extensions; these are accepted because the
    /// policy checks them itself.
    var handledCriticalExtensions: [String] { get }

    /// The most certificates the caller may present (leaf and intermediates, or
    /// `nil` for the verifier's own limit).
    var maximumPresentedCertificates: Int? { get }

    /// Checks the presented certificates (leaf first) before path validation.
    /// - Throws: ``CryptoError`` with a policy code
    ///   (``CryptoError/Code/missingLeafMarker``…).
    func validatePresented(_ certificates: [Certificate]) throws

    /// Checks the path OpenSSL verified, leaf to pinned root.
    /// - Throws: ``CryptoError`` with a policy code
    ///   (``CryptoError/Code/unexpectedChainLength``…).
    func validateVerified(_ chain: VerifiedCertificateChain) throws
}
