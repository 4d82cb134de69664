/// An error raised by ``ProvisioningCrypto``.
///
/// Errors carry a stable, extensible ``Code`` and a short detail meant for
/// logs. The detail never contains key material, plaintext, PANs or nonces:
/// it names what went wrong (for example "not a P-256 key"), not the data.
///
/// ```swift
/// do {
///     _ = try P256.PublicKey(x963Representation: bytes)
/// } catch let error as CryptoError where error.code == .invalidKey {
///     // reject the request
/// }
/// ```
package struct CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// Bytes that are not a well-formed encoding (PEM, DER, base64, JSON…).
        package static let invalidEncoding = Code(rawValue: "invalid-encoding")
        /// A key of the wrong type, curve or size, or one that fails validation.
        package static let invalidKey = Code(rawValue: "invalid-key")
        /// An argument outside what the operation accepts (length, size, range).
        package static let invalidArgument = Code(rawValue: "invalid-argument")
        /// The algorithm or parameter set is not supported.
        package static let unsupportedAlgorithm = Code(rawValue: "unsupported-algorithm")
        /// Authenticated decryption failed: wrong key, or data modified.
        package static let authenticationFailure = Code(rawValue: "authentication-failure")
        /// Decryption failed (wrong key, wrong recipient, corrupt data).
        package static let decryptionFailure = Code(rawValue: "decryption-failure")
        /// A signature did not verify.
        package static let invalidSignature = Code(rawValue: "invalid-signature")
        /// The system random generator failed.
        package static let randomFailure = Code(rawValue: "random-failure")
        /// OpenSSL failed where it should not have; the detail holds its reason.
        package static let internalFailure = Code(rawValue: "internal-failure")
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation without secrets.
    package let detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(code): \(detail)" }
}
