/// An error raised while parsing, building or verifying X.509 certificates.
///
/// Every distinct reason a chain can be refused has its own ``Code``, so a
/// service can log and count refusals precisely. The ``detail`` names the
/// check and the position in the chain, never certificate contents.
///
/// ```swift
/// do {
///     _ = try verifier.verify(derChain: request.certificates, at: .now, policy: .production)
/// } catch let error as CertificateError where error.code == .expired {
///     // Apple's leaf expired: ask the device to retry
/// }
/// ```
package struct CertificateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        // MARK: Parsing

        /// Not a DER or PEM certificate: truncated, random bytes, trailing data,
        /// or an extension OpenSSL cannot decode.
        package static let malformedCertificate = Code(rawValue: "malformed-certificate")
        /// The subject public key is not one this module supports (P-256, RSA).
        package static let unsupportedPublicKey = Code(rawValue: "unsupported-public-key")

        // MARK: Chain shape

        /// No certificate was presented.
        package static let emptyChain = Code(rawValue: "empty-chain")
        /// More certificates were presented (or needed) than allowed.
        package static let chainTooLong = Code(rawValue: "chain-too-long")
        /// The certificates are not leaf first (for example leaf and intermediate
        /// swapped).
        package static let chainOutOfOrder = Code(rawValue: "chain-out-of-order")
        /// The verified path does not have the length the policy demands.
        package static let unexpectedChainLength = Code(rawValue: "unexpected-chain-length")

        // MARK: Path validation

        /// No path to a pinned root: unknown issuer, wrong root, or a root that
        /// is not pinned.
        package static let untrustedRoot = Code(rawValue: "untrusted-root")
        /// A certificate in the path is past its `notValidAfter`.
        package static let expired = Code(rawValue: "expired")
        /// A certificate in the path is before its `notValidBefore`.
        package static let notYetValid = Code(rawValue: "not-yet-valid")
        /// A signature in the path does not verify.
        package static let invalidSignature = Code(rawValue: "invalid-signature")
        /// An issuing certificate is not a CA, lacks keyCertSign, or its path
        /// length constraint is exceeded.
        package static let invalidCertificateAuthority = Code(rawValue: "invalid-certificate-authority")
        /// Any other path validation failure (the detail holds OpenSSL's reason).
        package static let pathValidationFailed = Code(rawValue: "path-validation-failed")

        // MARK: Policy

        /// No presented certificate carries the policy's leaf marker extension.
        package static let missingLeafMarker = Code(rawValue: "missing-leaf-marker")
        /// The leaf's key usage lacks a usage the policy requires.
        package static let invalidKeyUsage = Code(rawValue: "invalid-key-usage")
        /// The intermediate's common name or marker is not the expected one.
        package static let intermediateMismatch = Code(rawValue: "intermediate-mismatch")

        // MARK: Issuance

        /// An argument to the builder is outside what it accepts.
        package static let invalidArgument = Code(rawValue: "invalid-argument")
        /// OpenSSL failed where it should not have; the detail holds its reason.
        package static let internalFailure = Code(rawValue: "internal-failure")
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation without certificate contents or secrets.
    package let detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(code): \(detail)" }

    /// An error whose detail combines `context` with OpenSSL's first queued reason.
    static func openSSL(_ code: Code, _ context: String) -> CertificateError {
        CertificateError(code, "\(context) (\(OpenSSLErrorQueue.drain()))")
    }
}
