/// Why a JWS, JWT or JWK was refused.
///
/// Each refusal has its own ``Code`` so that services can log and count them;
/// the ``detail`` names the check (for example the claim), never the token or
/// key material.
///
/// ```swift
/// do {
///     let jwt = try validator.validate(token, keys: keys)
/// } catch let error as JOSEError where error.code == .expired {
///     // ask the caller for a fresh token
/// }
/// ```
public struct JOSEError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal. New codes are added as static members.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not a compact serialization: wrong segment count, bad base64url, a
        /// header or payload that is not a JSON object.
        public static let malformed = Code(rawValue: "malformed")
        /// Longer than the configured maximum.
        public static let oversize = Code(rawValue: "oversize")
        /// `alg` is not one of the accepted algorithms (includes `none` and HMAC).
        public static let unsupportedAlgorithm = Code(rawValue: "unsupported-algorithm")
        /// The header has a `crit` member; no extension is understood.
        public static let unsupportedCriticalHeader = Code(rawValue: "unsupported-critical-header")
        /// The key's type does not fit `alg`, or the JWK's own `alg` differs.
        public static let algorithmKeyMismatch = Code(rawValue: "algorithm-key-mismatch")
        /// The JWK's `use` is not `sig`.
        public static let keyUsageMismatch = Code(rawValue: "key-usage-mismatch")
        /// No key with the header's `kid` (or an empty key set).
        public static let unknownKey = Code(rawValue: "unknown-key")
        /// No `kid` in the header while the key set holds several keys.
        public static let missingKeyID = Code(rawValue: "missing-key-id")
        /// A JWK that cannot be imported.
        public static let invalidKey = Code(rawValue: "invalid-key")
        /// The signature does not verify.
        public static let invalidSignature = Code(rawValue: "invalid-signature")
        /// `exp` has passed (beyond the leeway).
        public static let expired = Code(rawValue: "expired")
        /// `nbf` is in the future (beyond the leeway).
        public static let notYetValid = Code(rawValue: "not-yet-valid")
        /// `iat` is in the future (beyond the leeway).
        public static let issuedInFuture = Code(rawValue: "issued-in-future")
        /// `exp − iat` exceeds the maximum lifetime.
        public static let lifetimeTooLong = Code(rawValue: "lifetime-too-long")
        /// `iss` is not the expected issuer.
        public static let wrongIssuer = Code(rawValue: "wrong-issuer")
        /// `aud` does not contain the expected audience.
        public static let wrongAudience = Code(rawValue: "wrong-audience")
        /// The header's `typ` is not the expected type.
        public static let wrongType = Code(rawValue: "wrong-type")
        /// A required claim is absent.
        public static let missingClaim = Code(rawValue: "missing-claim")
        /// A registered claim has the wrong JSON type.
        public static let invalidClaim = Code(rawValue: "invalid-claim")
    }

    /// The kind of refusal.
    public let code: Code
    /// A short explanation without token contents or key material.
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code): \(detail)" }
}
