import Foundation
import ProvisioningCrypto

/// Verifies the authorization codes (JWTs signed by the bank) that authorize
/// each issuer-side call.
///
/// A code must be signed by one of the issuer's keys, carry `iss` = the issuer
/// id, `aud` = the service's audience, `exp`, `iat` (with a lifetime of at most
/// ``maximumLifetime``), a `jti`, and a `scope` claim (a string of
/// space-separated scopes, or an array) holding the scope asked for. Single use
/// of the `jti` is enforced by the caller in the database, in the same
/// transaction as the operation's effects.
///
/// ```swift
/// let code = try verifier.verify(request.authorizationCode, issuer: issuer, scope: .provision, now: now)
/// try code.requireCard(cardRef: card.cardReference, panLastFour: card.panLastFour)
/// ```
package struct AuthorizationCodeVerifier: Sendable {
    /// The `aud` every code must carry.
    package var audience: String
    /// The longest accepted `exp` − `iat`.
    package var maximumLifetime: TimeInterval
    /// Accepted clock difference with the bank, in seconds.
    package var leeway: TimeInterval
    /// The ``leeway`` the service runs with.
    package static let defaultLeeway: TimeInterval = 30

    package init(audience: String, maximumLifetime: TimeInterval = 300, leeway: TimeInterval = defaultLeeway) {
        self.audience = audience
        self.maximumLifetime = maximumLifetime
        self.leeway = leeway
    }

    /// Verifies `code` for `issuer` and `scope`.
    ///
    /// - Throws: ``ServiceError`` — `authorization-code-expired` for an expired
    ///   code, `authorization-code-scope` when the scope is missing,
    ///   `authorization-code-invalid` for every other defect (signature, `alg`,
    ///   issuer, audience, lifetime, missing claims).
    package func verify(
        _ code: String, issuer: Issuer, scope: AuthorizationScope, now: Date
    ) throws(ServiceError) -> VerifiedAuthorizationCode {
        let validator = JWTValidator(
            expectedIssuer: issuer.id, expectedAudience: audience, leeway: leeway, maximumLifetime: maximumLifetime,
            requireExpiration: true, requireIssuedAt: true, requireJWTID: true)
        let jwt: JWT
        do {
            jwt = try validator.validate(code, keys: issuer.authorizationCodeKeys, now: now)
        } catch let error as CryptoError where error.code == .expired {
            throw ServiceError(.authorizationCodeExpired, "the authorization code has expired")
        } catch let error as CryptoError {
            // A code names the check (a claim, the algorithm), never a value.
            throw ServiceError(.authorizationCodeInvalid, "the authorization code was refused (\(error.code))")
        } catch {
            throw ServiceError(.authorizationCodeInvalid, "the authorization code was refused")
        }
        let claims = jwt.claims
        guard let jwtID = claims.jwtID, (1...128).contains(jwtID.utf8.count), let expiresAt = claims.expiresAt else {
            throw ServiceError(.authorizationCodeInvalid, "the authorization code lacks a usable jti")
        }
        let scopes = try Self.scopes(in: claims[custom: "scope"])
        guard scopes.contains(scope) else {
            throw ServiceError(.authorizationCodeScope, "the authorization code does not grant \(scope)")
        }
        return VerifiedAuthorizationCode(
            jwtID: jwtID, expiresAt: expiresAt, scopes: scopes,
            cardRef: try Self.string(claims[custom: "cardRef"], "cardRef"),
            panLastFour: try Self.string(claims[custom: "panLastFour"], "panLastFour"),
            tokenId: try Self.string(claims[custom: "tokenId"], "tokenId"), subject: claims.subject)
    }

    static func scopes(in claim: JSONValue?) throws(ServiceError) -> Set<AuthorizationScope> {
        switch claim {
        case .string(let text)?:
            return Set(text.split(separator: " ").map { AuthorizationScope(rawValue: String($0)) })
        case .array(let values)?:
            var scopes: Set<AuthorizationScope> = []
            for value in values {
                guard let text = value.stringValue else {
                    throw ServiceError(.authorizationCodeInvalid, "the scope claim holds a non-string")
                }
                scopes.insert(AuthorizationScope(rawValue: text))
            }
            return scopes
        case nil:
            throw ServiceError(.authorizationCodeScope, "the authorization code has no scope")
        default:
            throw ServiceError(.authorizationCodeInvalid, "the scope claim is neither a string nor an array")
        }
    }

    static func string(_ claim: JSONValue?, _ name: String) throws(ServiceError) -> String? {
        guard let claim else { return nil }
        guard let text = claim.stringValue else {
            throw ServiceError(.authorizationCodeInvalid, "the \(name) claim is not a string")
        }
        return text
    }
}
