import COpenSSL
import COpenSSLShims
import Foundation

/// Verifies certificate chains against pinned roots only.
///
/// Chains are given leaf first, the way Apple Wallet sends them (leaf, then
/// intermediates; the root is not sent). Path validation is OpenSSL's, with a
/// store that holds only ``trustedRoots`` (never the system store), the
/// caller's date as the check time, and `X509_STRICT` and `PARTIAL_CHAIN` off:
/// a path must end at a pinned root, not at a pinned intermediate.
///
/// Each reason for refusal has its own ``CryptoError/Code``.
///
/// ```swift
/// let verifier = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
/// let chain = try verifier.verify(
///     derChain: certificates, at: Date(), policy: ApplePayIssuerEncryptionPolicy.production)
/// let leafKey = try chain.leaf.publicKey
/// ```
package struct CertificateChainVerifier: Sendable {
    /// The only certificates a path may end at.
    package let trustedRoots: [Certificate]
    /// The most certificates a caller may present.
    package let maximumChainLength: Int

    /// - Parameters:
    ///   - trustedRoots: the pinned roots.
    ///   - maximumChainLength: the most certificates a caller may present (leaf
    ///     and intermediates); longer chains are refused before any parsing work.
    package init(trustedRoots: [Certificate], maximumChainLength: Int = 4) {
        self.trustedRoots = trustedRoots
        self.maximumChainLength = max(1, maximumChainLength)
    }

    /// Parses DER certificates (leaf first) and verifies them.
    /// - Throws: ``CryptoError``: ``CryptoError/Code/emptyChain``,
    ///   ``CryptoError/Code/chainTooLong``,
    ///   ``CryptoError/Code/malformedCertificate`` for unparsable DER (naming
    ///   the ``CryptoError/certificateIndex``), then the codes of
    ///   ``verify(_:at:policy:)``.
    package func verify<Bytes: Collection>(
        derChain: [Bytes], at date: Date, policy: (any CertificatePolicy)? = nil
    ) throws -> VerifiedCertificateChain where Bytes.Element == UInt8 {
        try checkLength(derChain.count, policy: policy)
        let certificates = try derChain.enumerated().map { index, der in
            do {
                return try Certificate(derRepresentation: der)
            } catch let error as CryptoError {
                throw error.about(certificateAt: index)
            }
        }
        return try verify(certificates, at: date, policy: policy)
    }

    /// Verifies `chain` (leaf first) at `date`.
    ///
    /// Order of checks: chain length; order (a CA before a non-CA means leaf and
    /// intermediate are swapped); the policy's checks on the presented
    /// certificates; OpenSSL path validation; the policy's checks on the path.
    ///
    /// - Returns: the verified path, leaf to pinned root.
    /// - Throws: ``CryptoError`` with ``CryptoError/Code/emptyChain``,
    ///   ``CryptoError/Code/chainTooLong``, ``CryptoError/Code/chainOutOfOrder``,
    ///   ``CryptoError/Code/untrustedRoot``, ``CryptoError/Code/expired``,
    ///   ``CryptoError/Code/notYetValid``, ``CryptoError/Code/invalidSignature``,
    ///   ``CryptoError/Code/invalidCertificateAuthority``,
    ///   ``CryptoError/Code/pathValidationFailed``, or the policy's codes.
    package func verify(
        _ chain: [Certificate], at date: Date, policy: (any CertificatePolicy)? = nil
    ) throws -> VerifiedCertificateChain {
        try checkLength(chain.count, policy: policy)
        guard let leaf = chain.first else { throw CryptoError(.emptyChain, "no certificate presented") }
        if leaf.isCA, let index = chain.indices.dropFirst().first(where: { !chain[$0].isCA }) {
            throw CryptoError(
                .chainOutOfOrder, "a CA certificate comes before the end entity at position \(index)")
        }
        try policy?.validatePresented(chain)
        let verified = try validatePath(
            chain, at: date, handledCriticalExtensions: policy?.handledCriticalExtensions ?? [])
        try policy?.validateVerified(verified)
        return verified
    }

    private func checkLength(_ count: Int, policy: (any CertificatePolicy)?) throws {
        guard count > 0 else { throw CryptoError(.emptyChain, "no certificate presented") }
        let limit = min(maximumChainLength, policy?.maximumPresentedCertificates ?? maximumChainLength)
        guard count <= limit else {
            throw CryptoError(.chainTooLong, "\(count) certificates presented, at most \(limit) allowed")
        }
    }

    private func validatePath(
        _ chain: [Certificate], at date: Date, handledCriticalExtensions: [String]
    ) throws -> VerifiedCertificateChain {
        guard !trustedRoots.isEmpty else { throw CryptoError(.untrustedRoot, "no root is pinned") }
        let roots: [OpaquePointer?] = trustedRoots.map { $0.handle.pointer }
        let untrusted: [OpaquePointer?] = chain.dropFirst().map { $0.handle.pointer }
        let oidStrings = handledCriticalExtensions.map { strdup($0) }
        defer { oidStrings.forEach { free($0) } }
        let oids: [UnsafePointer<CChar>?] = oidStrings.map { $0.map { UnsafePointer($0) } }
        // Depth counts intermediates: the presented ones at most, so the store
        // cannot stretch a path with certificates nobody sent.
        let depth = Int32(max(0, chain.count - 1))
        let result = withExtendedLifetime((chain, trustedRoots)) {
            pp_x509_verify_chain(
                roots, roots.count, chain[0].handle.pointer, untrusted, untrusted.count,
                Int64(date.timeIntervalSince1970.rounded(.down)), depth, oids, oids.count)
        }
        guard result.error == X509_V_OK, let stack = result.verified else {
            let reason = Self.reason(result.error)
            OpenSSLErrorQueue.clear()
            throw CryptoError(
                Self.code(for: result.error),
                "\(Self.position(result.error_depth, count: chain.count)): \(reason)")
        }
        defer { pp_x509_stack_free_all(stack) }
        // The path holds the very X509 objects given to OpenSSL; map them back.
        let known = chain + trustedRoots
        var path: [Certificate] = []
        for index in 0..<pp_x509_stack_count(stack) {
            guard let pointer = pp_x509_stack_value(stack, index),
                let certificate = known.first(where: { $0.handle.pointer == pointer })
            else {
                throw CryptoError(.internalFailure, "verified path holds an unknown certificate")
            }
            path.append(certificate)
        }
        guard !path.isEmpty else { throw CryptoError(.internalFailure, "verified path is empty") }
        return VerifiedCertificateChain(certificates: path)
    }

    static func code(for verifyError: Int32) -> CryptoError.Code {
        switch verifyError {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
            X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_CERT_UNTRUSTED:
            .untrustedRoot
        case X509_V_ERR_CERT_HAS_EXPIRED: .expired
        case X509_V_ERR_CERT_NOT_YET_VALID: .notYetValid
        case X509_V_ERR_CERT_SIGNATURE_FAILURE, X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE,
            X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY:
            .invalidSignature
        case X509_V_ERR_INVALID_CA, X509_V_ERR_PATH_LENGTH_EXCEEDED, X509_V_ERR_KEYUSAGE_NO_CERTSIGN:
            .invalidCertificateAuthority
        case X509_V_ERR_CERT_CHAIN_TOO_LONG: .chainTooLong
        default: .pathValidationFailed
        }
    }

    private static func reason(_ verifyError: Int32) -> String {
        guard verifyError >= 0, let text = X509_verify_cert_error_string(Int(verifyError)) else {
            return "verification could not run"
        }
        return String(cString: text)
    }

    private static func position(_ depth: Int32, count: Int) -> String {
        switch depth {
        case 0: "leaf"
        case let depth where depth > 0 && Int(depth) < count: "intermediate \(depth)"
        case let depth where depth >= 0: "root"
        default: "chain"
        }
    }
}
