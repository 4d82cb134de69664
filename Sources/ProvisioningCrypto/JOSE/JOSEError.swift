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
package struct JOSEError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal. New codes are added as static members.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// Not a compact serialization: wrong segment count, bad base64url, a
        /// header or payload that is not a JSON object.
        package static let malformed = Code(rawValue: "malformed")
        /// Longer than the configured maximum.
        package static let oversize = Code(rawValue: "oversize")
        /// `alg` is not one of the accepted algorithms (includes `none` and HMAC).
        package static let unsupportedAlgorithm = Code(rawValue: "unsupported-algorithm")
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
        /// A JWK that cannot be imported.
        package static let invalidKey = Code(rawValue: "invalid-key")
        /// The signature does not verify.
        package static let invalidSignature = Code(rawValue: "invalid-signature")
        /// `exp` has passed (beyond the leeway).
        package static let expired = Code(rawValue: "expired")
        /// `nbf` is in the future (beyond the leeway).
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
        /// A registered claim has the wrong JSON type.
        package static let invalidClaim = Code(rawValue: "invalid-claim")
    }

    /// The kind of refusal.
    package let code: Code
    /// A short explanation without token contents or key material.
    package let detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(code): \(detail)" }
}
