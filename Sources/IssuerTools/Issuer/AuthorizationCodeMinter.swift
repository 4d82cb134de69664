import Foundation
import ProvisioningCrypto

/// Mints the authorization codes a bank's backend gives its app: a JWT signed
/// with the issuer's code key, which the service verifies with the issuer's
/// JWK set.
///
/// Claims: `iss` (issuer id), `aud` (the service's audience), `iat`, `exp`
/// (at most 5 minutes later by default on the service), a fresh `jti`
/// (single use), `scope` (space-separated: `provision`, `tokens:read`,
/// `token:activate`, `token:suspend`, `token:resume`, `token:delete`,
/// `wallet:register`, `wallet:enrol`), and the bindings `cardRef`,
/// `panLastFour` (provisioning, token listing, wallet enrolment), `tokenId`
/// (lifecycle) and `sub` (the user, for the issuer wallet's scopes). docs/issuer-backend.md shows the same in any language.
///
/// ```swift
/// let minter = try AuthorizationCodeMinter(issuer: "sandbox-bank", audience: "tpc-sandbox",
///                                          keyID: "sandbox-code-key-1", keyPEM: pem)
/// let code = try minter.mint(AuthorizationCodeMinter.Grant(scope: ["provision"], cardRef: "card-1"))
/// ```
package struct AuthorizationCodeMinter: Sendable {
    /// What a code allows and binds to.
    package struct Grant: Hashable, Sendable {
        /// The scopes granted.
        package var scope: [String]
        /// The card reference the code is bound to.
        package var cardRef: String?
        /// The last four digits of the PAN the code is bound to.
        package var panLastFour: String?
        /// The token the code is bound to (lifecycle scopes).
        package var tokenId: String?
        /// Seconds from `iat` to `exp`.
        package var lifetime: TimeInterval
        /// The `sub` claim: the bank's user id (the issuer wallet's
        /// `wallet:register` and `wallet:enrol` need it).
        package var subject: String?

        package init(
            scope: [String], cardRef: String? = nil, panLastFour: String? = nil, tokenId: String? = nil,
            lifetime: TimeInterval = 240, subject: String? = nil
        ) {
            self.scope = scope
            self.cardRef = cardRef
            self.panLastFour = panLastFour
            self.tokenId = tokenId
            self.lifetime = lifetime
            self.subject = subject
        }
    }

    /// The `iss` claim: the issuer id.
    package let issuer: String
    /// The `aud` claim: the service's audience.
    package let audience: String
    /// The `kid` header naming the key in the issuer's JWK set.
    package let keyID: String
    private let key: AnyPrivateKey
    private let algorithm: JWSAlgorithm

    /// - Parameter keyPEM: a P-256 (ES256) or RSA (RS256) private key in PEM.
    /// - Throws: ``IssuerToolError`` `invalid-input` when the key cannot be read.
    package init(issuer: String, audience: String, keyID: String, keyPEM: String) throws {
        do {
            key = try AnyPrivateKey(pemRepresentation: keyPEM)
        } catch {
            throw IssuerToolError(.invalidInput, "the code key is not a P-256 or RSA private key in PEM")
        }
        switch key {
        case .p256: algorithm = .es256
        case .rsa: algorithm = .rs256
        }
        self.issuer = issuer
        self.audience = audience
        self.keyID = keyID
    }

    /// A signed code for `grant`, issued at `now`.
    ///
    /// - Throws: ``IssuerToolError`` `invalid-input` for an empty scope or a
    ///   non-positive lifetime.
    package func mint(_ grant: Grant, now: Date = Date()) throws -> String {
        let scopes = grant.scope.flatMap { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        guard !scopes.isEmpty else { throw IssuerToolError(.invalidInput, "a code needs at least one scope") }
        guard grant.lifetime > 0 else { throw IssuerToolError(.invalidInput, "the lifetime must be positive") }
        var custom: [String: JSONValue] = ["scope": .string(scopes.joined(separator: " "))]
        if let cardRef = grant.cardRef { custom["cardRef"] = .string(cardRef) }
        if let panLastFour = grant.panLastFour { custom["panLastFour"] = .string(panLastFour) }
        if let tokenId = grant.tokenId { custom["tokenId"] = .string(tokenId) }
        let claims = JWTClaims(
            issuer: issuer, subject: grant.subject, audience: [audience],
            expiresAt: now.addingTimeInterval(grant.lifetime),
            issuedAt: now, jwtID: UUID().uuidString.lowercased(), custom: custom)
        return try JWT.sign(claims, algorithm: algorithm, key: key, keyID: keyID)
    }
}
