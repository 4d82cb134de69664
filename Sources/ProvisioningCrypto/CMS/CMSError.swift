/// An error raised by ``CMSEnvelopedData``.
///
/// The codes separate input that is not CMS at all, CMS addressed to someone
/// else, and CMS addressed to the caller that still does not decrypt. Details
/// never contain plaintext or key material.
package struct CMSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The input exceeds the caller's size limit; nothing was parsed.
        package static let inputTooLarge = Code(rawValue: "input-too-large")
        /// Not a DER (or PEM/base64) CMS ContentInfo: truncated, garbage, or
        /// trailing bytes.
        package static let malformed = Code(rawValue: "malformed")
        /// A valid CMS ContentInfo that is not (Auth)EnvelopedData.
        package static let unsupportedContentType = Code(rawValue: "unsupported-content-type")
        /// The private key given is not the one of the certificate given.
        package static let keyMismatch = Code(rawValue: "key-mismatch")
        /// No RecipientInfo is addressed to the given certificate.
        package static let recipientNotFound = Code(rawValue: "recipient-not-found")
        /// The recipient matched but the content key or content did not decrypt
        /// (corrupted data, or a modified AuthEnvelopedData).
        package static let decryptionFailure = Code(rawValue: "decryption-failure")
        /// The recipient matched but its content key is wrapped with an algorithm
        /// other than AES key wrap (RFC 3394), such as AES key wrap with padding
        /// (RFC 5649): refused before anything is decrypted.
        package static let unsupportedKeyWrap = Code(rawValue: "unsupported-key-wrap")
        /// The recipient matched but its content key is transported with an
        /// algorithm other than RSAES-OAEP with SHA-256 and MGF1-SHA-256 (PKCS #1
        /// v1.5, `openssl cms -encrypt`'s default, or OAEP with SHA-1): refused
        /// before anything is decrypted.
        package static let unsupportedKeyTransport = Code(rawValue: "unsupported-key-transport")
        /// The recipient certificate's key is not RSA or P-256.
        package static let unsupportedRecipientKey = Code(rawValue: "unsupported-recipient-key")
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

    static func openSSL(_ code: Code, _ context: String) -> CMSError {
        CMSError(code, "\(context) (\(OpenSSLErrorQueue.drain()))")
    }
}
