import ProvisioningPrimitives

/// The one error ``ProvisioningCrypto`` raises: primitives, CMS, X.509, JOSE and
/// JSON parsing alike.
///
/// Every distinct reason for a refusal has its own stable, extensible ``Code``,
/// so a service can log, count and map refusals precisely. The ``detail`` is
/// fixed text written in this module that names the check and never the data:
/// no key material, plaintext, PANs, authorization codes, nonces or certificate
/// contents. What else a failure can say lives in optional members
/// (``certificateIndex``, ``offset``, ``openSSLReason``) that ``description``
/// adds to the detail.
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
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        // MARK: Primitives

        /// Bytes that are not a well-formed encoding (PEM, DER, base64, hex…).
        package static let invalidEncoding = Code(rawValue: "invalid-encoding")
        /// A key of the wrong type, curve or size, one that fails validation, or
        /// a JWK that cannot be imported or exported.
        package static let invalidKey = Code(rawValue: "invalid-key")
        /// An argument outside what the operation accepts (length, size, range,
        /// or what a certificate builder accepts).
        package static let invalidArgument = Code(rawValue: "invalid-argument")
        /// The algorithm or parameter set is not supported, or a JWS `alg` is not
        /// one of the accepted ones (`none` and HMAC included).
        package static let unsupportedAlgorithm = Code(rawValue: "unsupported-algorithm")
        /// Authenticated decryption failed: wrong key, or data modified.
        package static let authenticationFailure = Code(rawValue: "authentication-failure")
        /// Decryption failed (wrong key, wrong recipient, corrupt data); for CMS,
        /// the recipient matched but the content key or content did not decrypt.
        package static let decryptionFailure = Code(rawValue: "decryption-failure")
        /// A signature did not verify: a primitive's, a JWS's or one in a
        /// certificate path.
        package static let invalidSignature = Code(rawValue: "invalid-signature")
        /// The system random generator failed.
        package static let randomFailure = Code(rawValue: "random-failure")
        /// OpenSSL failed where it should not have (``CryptoError/openSSLReason``
        /// holds its reason).
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
        /// A JWT's `exp` has passed (beyond the leeway), or a certificate in a
        /// path is past its `notValidAfter`.
        package static let expired = Code(rawValue: "expired")
        /// A JWT's `nbf` is in the future (beyond the leeway), or a certificate in
        /// a path is before its `notValidBefore`.
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

        // MARK: X.509 parsing

        /// Not a DER or PEM certificate: truncated, random bytes, trailing data,
        /// or an extension OpenSSL cannot decode.
        package static let malformedCertificate = Code(rawValue: "malformed-certificate")
        /// The subject public key is not one this module supports (P-256, RSA).
        package static let unsupportedPublicKey = Code(rawValue: "unsupported-public-key")

        // MARK: X.509 chain shape

        /// No certificate was presented.
        package static let emptyChain = Code(rawValue: "empty-chain")
        /// More certificates were presented (or needed) than allowed.
        package static let chainTooLong = Code(rawValue: "chain-too-long")
        /// The certificates are not leaf first (for example leaf and intermediate
        /// swapped).
        package static let chainOutOfOrder = Code(rawValue: "chain-out-of-order")
        /// The verified path does not have the length the policy demands.
        package static let unexpectedChainLength = Code(rawValue: "unexpected-chain-length")

        // MARK: X.509 path validation (also ``expired``, ``notYetValid``, ``invalidSignature``)

        /// No path to a pinned root: unknown issuer, wrong root, or a root that
        /// is not pinned.
        package static let untrustedRoot = Code(rawValue: "untrusted-root")
        /// An issuing certificate is not a CA, lacks keyCertSign, or its path
        /// length constraint is exceeded.
        package static let invalidCertificateAuthority = Code(rawValue: "invalid-certificate-authority")
        /// Any other path validation failure (the detail holds OpenSSL's reason).
        package static let pathValidationFailed = Code(rawValue: "path-validation-failed")

        // MARK: X.509 policy

        /// No presented certificate carries the policy's leaf marker extension.
        package static let missingLeafMarker = Code(rawValue: "missing-leaf-marker")
        /// The leaf's key usage lacks a usage the policy requires.
        package static let invalidKeyUsage = Code(rawValue: "invalid-key-usage")
        /// The intermediate's common name or marker is not the expected one.
        package static let intermediateMismatch = Code(rawValue: "intermediate-mismatch")
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation written in this module, without secrets or contents.
    package let detail: String
    /// The position in a presented chain (0 is the leaf) of the certificate that
    /// did not parse, when the error is about one.
    package let certificateIndex: Int?
    /// Where in the input a JSON fault was found, in bytes from the start.
    package let offset: Int?
    /// OpenSSL's first queued reason (library and reason text only: they never
    /// contain the data being processed), when OpenSSL refused.
    package let openSSLReason: String?

    package init(
        _ code: Code, _ detail: String, certificateIndex: Int? = nil, offset: Int? = nil,
        openSSLReason: String? = nil
    ) {
        self.code = code
        self.detail = detail
        self.certificateIndex = certificateIndex
        self.offset = offset
        self.openSSLReason = openSSLReason
    }

    /// `code: detail`, with the certificate, the byte offset and OpenSSL's reason
    /// when known — e.g. `malformed-certificate: certificate 1: certificate: not
    /// valid DER (wrong tag)`.
    package var description: String {
        var text = "\(code): "
        if let certificateIndex { text += "certificate \(certificateIndex): " }
        text += detail
        if let offset { text += " at byte \(offset)" }
        if let openSSLReason { text += " (\(openSSLReason))" }
        return text
    }

    /// The same failure under another code: a lower layer's refusal said in the
    /// terms of the operation that called it (DER that does not decode is a
    /// malformed certificate to ``Certificate``).
    func recoded(as code: Code) -> CryptoError {
        CryptoError(
            code, detail, certificateIndex: certificateIndex, offset: offset, openSSLReason: openSSLReason)
    }

    /// The same failure, naming the certificate of a presented chain it is about.
    func about(certificateAt index: Int) -> CryptoError {
        CryptoError(code, detail, certificateIndex: index, offset: offset, openSSLReason: openSSLReason)
    }
}
