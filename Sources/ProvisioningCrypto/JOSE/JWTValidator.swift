import Foundation

/// The checks a JWT must pass: signature by a trusted key, then its claims.
///
/// Order: size, shape, `alg`, key selection, signature, `typ`, then claims
/// (`exp`, `nbf`, `iat`, lifetime, required claims, `iss`, `aud`). The payload
/// is not parsed before the signature verifies. Each refusal is a
/// ``CryptoError`` with its own code.
///
/// ```swift
/// let validator = JWTValidator(expectedIssuer: "https://bank.example",
///                              expectedAudience: "provisioning",
///                              maximumLifetime: 300, requireIssuedAt: true, requireJWTID: true)
/// let jwt = try validator.validate(authorizationCode, keys: issuerKeys)
/// ```
package struct JWTValidator: Sendable {
    /// `iss` must equal this when set.
    package var expectedIssuer: String?
    /// `aud` must contain this when set.
    package var expectedAudience: String?
    /// The header's `typ` must equal this (case-insensitive, "application/"
    /// prefix optional) when set.
    package var expectedType: String?
    /// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds.
    package var leeway: TimeInterval
    /// Largest `exp − iat` accepted, in seconds; needs both claims when set.
    package var maximumLifetime: TimeInterval?
    /// Refuse tokens without `exp`.
    package var requireExpiration: Bool
    /// Refuse tokens without `iat`.
    package var requireIssuedAt: Bool
    /// Refuse tokens without `jti`.
    package var requireJWTID: Bool
    /// The algorithms accepted (intersected with ``JWSAlgorithm/supported``).
    package var allowedAlgorithms: Set<JWSAlgorithm>
    /// Longest token accepted, in bytes.
    package var maximumTokenLength: Int

    package init(
        expectedIssuer: String? = nil, expectedAudience: String? = nil, expectedType: String? = nil,
        leeway: TimeInterval = 30, maximumLifetime: TimeInterval? = nil, requireExpiration: Bool = true,
        requireIssuedAt: Bool = false, requireJWTID: Bool = false,
        allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.supported,
        maximumTokenLength: Int = JWS.defaultMaximumLength
    ) {
        self.expectedIssuer = expectedIssuer
        self.expectedAudience = expectedAudience
        self.expectedType = expectedType
        self.leeway = leeway
        self.maximumLifetime = maximumLifetime
        self.requireExpiration = requireExpiration
        self.requireIssuedAt = requireIssuedAt
        self.requireJWTID = requireJWTID
        self.allowedAlgorithms = allowedAlgorithms
        self.maximumTokenLength = maximumTokenLength
    }

    /// Verifies `token` against `keys` and validates its claims at `now`.
    /// - Returns: The verified token.
    /// - Throws: ``CryptoError`` with the code of the check that refused the token.
    package func validate(_ token: String, keys: JWKSet, now: Date = Date()) throws -> JWT {
        let jws = try JWS(compactSerialization: token, maximumLength: maximumTokenLength)
        let key = try jws.verifySignature(using: keys, allowedAlgorithms: allowedAlgorithms)
        if let expectedType, !Self.typeMatches(jws.header.type, expectedType) {
            throw CryptoError(.wrongType, "typ is not the expected type")
        }
        let claims = try JWTClaims(jsonObject: JOSEJSON.decodeObject(jws.payload, "JWT payload"))
        try validate(claims: claims, now: now)
        return JWT(header: jws.header, claims: claims, payload: jws.payload, verifiedBy: key)
    }

    /// Checks the claims alone (time window, lifetime, required claims, issuer,
    /// audience). ``validate(_:keys:now:)`` calls it after the signature.
    /// - Throws: ``CryptoError`` with a claim code (``CryptoError/Code/expired``,
    ///   ``CryptoError/Code/missingClaim``, ``CryptoError/Code/wrongAudience``…).
    package func validate(claims: JWTClaims, now: Date) throws {
        if let expiresAt = claims.expiresAt {
            guard now.timeIntervalSince(expiresAt) < leeway else { throw CryptoError(.expired, "token has expired") }
        } else if requireExpiration {
            throw CryptoError(.missingClaim, "exp is required")
        }
        if let notBefore = claims.notBefore, notBefore.timeIntervalSince(now) > leeway {
            throw CryptoError(.notYetValid, "token is not valid yet")
        }
        if let issuedAt = claims.issuedAt {
            guard issuedAt.timeIntervalSince(now) <= leeway else {
                throw CryptoError(.issuedInFuture, "token was issued in the future")
            }
        } else if requireIssuedAt {
            throw CryptoError(.missingClaim, "iat is required")
        }
        if let maximumLifetime {
            guard let issuedAt = claims.issuedAt else { throw CryptoError(.missingClaim, "iat is required") }
            guard let expiresAt = claims.expiresAt else { throw CryptoError(.missingClaim, "exp is required") }
            guard expiresAt.timeIntervalSince(issuedAt) <= maximumLifetime else {
                throw CryptoError(.lifetimeTooLong, "token lifetime exceeds the maximum")
            }
        }
        if requireJWTID, claims.jwtID == nil { throw CryptoError(.missingClaim, "jti is required") }
        if let expectedIssuer {
            guard let issuer = claims.issuer else { throw CryptoError(.missingClaim, "iss is required") }
            guard issuer == expectedIssuer else { throw CryptoError(.wrongIssuer, "iss is not the expected issuer") }
        }
        if let expectedAudience {
            guard let audience = claims.audience else { throw CryptoError(.missingClaim, "aud is required") }
            guard audience.contains(expectedAudience) else {
                throw CryptoError(.wrongAudience, "aud does not include the expected audience")
            }
        }
    }

    static func typeMatches(_ actual: String?, _ expected: String) -> Bool {
        guard let actual else { return false }
        func normalized(_ value: String) -> String {
            let lower = value.lowercased()
            return lower.hasPrefix("application/") ? String(lower.dropFirst("application/".count)) : lower
        }
        return normalized(actual) == normalized(expected)
    }
}
