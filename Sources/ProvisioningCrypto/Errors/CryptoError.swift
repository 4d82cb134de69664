/// An error raised by ``ProvisioningCrypto``.
///
/// Errors carry a stable, extensible ``Code`` and a short detail meant for
/// logs. The detail never contains key material, plaintext, PANs or nonces:
/// it names what went wrong (for example "not a P-256 key"), not the data;
/// where in a JSON document a fault was found is its ``offset``.
///
/// ```swift
/// let offCurve: [UInt8] = [0x04] + [UInt8](repeating: 0, count: 64)
/// do {
///     _ = try P256.PublicKey(x963Representation: offCurve)
/// } catch let error as CryptoError where error.code == .invalidKey {
///     print(error)  // invalid-key: point is not on P-256
/// }
/// ```
package struct CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch. Raw values are what logs and the service's problem
    /// details show: a code keeps its raw value.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        // MARK: Primitives

        /// Bytes that are not a well-formed encoding (PEM, DER, base64, hex…).
        package static let invalidEncoding = Code(rawValue: "invalid-encoding")
        /// A key of the wrong type, curve or size, one that fails validation, or
        /// a JWK that cannot be imported or exported.
        package static let invalidKey = Code(rawValue: "invalid-key")
        /// An argument outside what the operation accepts (length, size, range).
        package static let invalidArgument = Code(rawValue: "invalid-argument")
        /// The algorithm or parameter set is not supported, or a JWS `alg` is not
        /// one of the accepted ones (`none` and HMAC included).
        package static let unsupportedAlgorithm = Code(rawValue: "unsupported-algorithm")
        /// Authenticated decryption failed: wrong key, or data modified.
        package static let authenticationFailure = Code(rawValue: "authentication-failure")
        /// Decryption failed (wrong key, wrong recipient, corrupt data); for CMS,
        /// the recipient matched but the content key or content did not decrypt.
        package static let decryptionFailure = Code(rawValue: "decryption-failure")
        /// A signature did not verify: a primitive's or a JWS's.
        package static let invalidSignature = Code(rawValue: "invalid-signature")
        /// The system random generator failed.
        package static let randomFailure = Code(rawValue: "random-failure")
        /// OpenSSL failed where it should not have; the detail holds its reason.
        package static let internalFailure = Code(rawValue: "internal-failure")

        // MARK: JSON (``JSONValue/init(parsing:)``, with ``CryptoError/offset``)
        //
        // Prefixed, unlike the other groups, because "syntax" or "duplicate key"
        // alone would read as a key's or a certificate's fault.

        /// Not JSON (RFC 8259): an unexpected byte, a bad literal, number or escape,
        /// an unterminated string, or content after the value.
        package static let jsonSyntax = Code(rawValue: "json-syntax")
        /// A string that is not valid UTF-8 or holds an unpaired surrogate escape.
        package static let jsonInvalidUnicode = Code(rawValue: "json-invalid-unicode")
        /// An object with the same member name twice (RFC 7515 §5.2 lets JOSE
        /// refuse them, and a second `alg` or `exp` is never innocent).
        package static let jsonDuplicateKey = Code(rawValue: "json-duplicate-key")
        /// Arrays and objects nested deeper than ``JSONValue/maximumParsingDepth``.
        package static let jsonTooDeep = Code(rawValue: "json-too-deep")

        // MARK: JOSE (``JWS``, ``JWK``, ``JWKSet``, ``JWTValidator``)

        /// A message that is not well-formed: not a compact JWS (segment count,
        /// base64url, a header or payload that is not a JSON object), a JWK set
        /// without its keys, or not a DER (or PEM/base64) CMS ContentInfo
        /// (truncated, garbage, trailing bytes).
        package static let malformed = Code(rawValue: "malformed")
        /// A token longer than the configured maximum.
        package static let oversize = Code(rawValue: "oversize")
        /// The header has a `crit` member; no extension is understood.
        package static let unsupportedCriticalHeader = Code(rawValue: "unsupported-critical-header")
        /// The key's type does not fit `alg`, or the JWK's own `alg` differs.
        package static let algorithmKeyMismatch = Code(rawValue: "algorithm-key-mismatch")
        /// The JWK's `use` is not `sig`.
        package static let keyUsageMismatch = Code(rawValue: "key-usage-mismatch")
        /// No key with the header's `kid` (or an empty key set).
        package static let unknownKey = Code(rawValue: "unknown-key")
        /// No `kid` in the header while the key set holds several keys.
        package static let missingKeyID = Code(rawValue: "missing-key-id")
        /// A JWT's `exp` has passed (beyond the leeway).
        package static let expired = Code(rawValue: "expired")
        /// A JWT's `nbf` is in the future (beyond the leeway).
        package static let notYetValid = Code(rawValue: "not-yet-valid")
        /// `iat` is in the future (beyond the leeway).
        package static let issuedInFuture = Code(rawValue: "issued-in-future")
        /// `exp − iat` exceeds the maximum lifetime.
        package static let lifetimeTooLong = Code(rawValue: "lifetime-too-long")
        /// `iss` is not the expected issuer.
        package static let wrongIssuer = Code(rawValue: "wrong-issuer")
        /// `aud` does not contain the expected audience.
        package static let wrongAudience = Code(rawValue: "wrong-audience")
        /// The header's `typ` is not the expected type.
        package static let wrongType = Code(rawValue: "wrong-type")
        /// A required claim is absent.
        package static let missingClaim = Code(rawValue: "missing-claim")
        /// A registered claim has the wrong JSON type, or the claims do not
        /// decode as the caller's type.
        package static let invalidClaim = Code(rawValue: "invalid-claim")

        // MARK: CMS (``CMSEnvelopedData``; also ``malformed``)

        /// The input exceeds the caller's size limit; nothing was parsed.
        package static let inputTooLarge = Code(rawValue: "input-too-large")
        /// A valid CMS ContentInfo that is not (Auth)EnvelopedData.
        package static let unsupportedContentType = Code(rawValue: "unsupported-content-type")
        /// The private key given is not the one of the certificate given.
        package static let keyMismatch = Code(rawValue: "key-mismatch")
        /// No RecipientInfo is addressed to the given certificate.
        package static let recipientNotFound = Code(rawValue: "recipient-not-found")
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
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation without secrets.
    package let detail: String
    /// Where in the input a JSON fault was found, in bytes from the start.
    package let offset: Int?

    package init(_ code: Code, _ detail: String, offset: Int? = nil) {
        self.code = code
        self.detail = detail
        self.offset = offset
    }

    /// `code: detail`, with the byte offset when known.
    package var description: String {
        offset.map { "\(code): \(detail) at byte \($0)" } ?? "\(code): \(detail)"
    }

    /// The same failure under another code: a lower layer's refusal said in the
    /// terms of the operation that called it (DER that does not decode is a
    /// malformed CMS message to ``CMSEnvelopedData``).
    func recoded(as code: Code) -> CryptoError {
        CryptoError(code, detail, offset: offset)
    }
}
