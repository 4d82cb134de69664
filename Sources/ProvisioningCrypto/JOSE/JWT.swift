import Foundation

/// A JSON Web Token (RFC 7519) whose signature and claims have been checked by
/// a ``JWTValidator``, or the means to issue one.
///
/// ```swift
/// let token = try JWT.sign(claims, algorithm: .es256, key: .p256(bankKey), keyID: "bank-2024")
///
/// let validator = JWTValidator(expectedIssuer: "bank", expectedAudience: "provisioning",
///                              maximumLifetime: 300, requireJWTID: true)
/// let jwt = try validator.validate(token, keys: bankKeys)
/// let card = try jwt.decodeClaims(as: CardClaims.self)
/// ```
package struct JWT: Sendable {
    /// The protected header.
    package let header: JOSEHeader
    /// The claims, typed.
    package let claims: JWTClaims
    /// The payload JSON as signed.
    package let payload: [UInt8]
    /// The key that verified the signature.
    package let verifiedBy: JWK

    /// Decodes the payload into a caller's `Decodable` type (custom claims).
    /// - Throws: ``CryptoError/Code/invalidClaim`` when the payload does not fit.
    package func decodeClaims<Claims: Decodable>(as type: Claims.Type = Claims.self) throws -> Claims {
        do {
            return try JSONDecoder().decode(type, from: Data(payload))
        } catch {
            throw CryptoError(.invalidClaim, "claims do not decode as \(Claims.self)")
        }
    }

    /// Issues a signed JWT (compact JWS whose payload is the claims' JSON).
    ///
    /// - Parameters:
    ///   - claims: The claims; dates are written as NumericDate seconds.
    ///   - algorithm: ES256 with a P-256 key, RS256 or PS256 with an RSA key.
    ///   - keyID: The `kid` header, so verifiers can pick the key.
    ///   - type: The `typ` header, "JWT" by default.
    /// - Throws: As ``JWS/sign(payload:header:key:)``.
    package static func sign(
        _ claims: JWTClaims, algorithm: JWSAlgorithm, key: AnyPrivateKey, keyID: String? = nil,
        type: String? = "JWT"
    ) throws -> String {
        try JWS.sign(
            payload: JOSEJSON.encode(claims.jsonObject), algorithm: algorithm, key: key, keyID: keyID, type: type)
    }
}
