import ProvisioningCrypto

extension FuzzTarget {
    /// Authorization codes: `JWTValidator.validate` (compact serialization,
    /// header, signature with the fixed key `fuzz-1`, claims) with the rules the
    /// service applies — issuer, audience, lifetime, `jti` required.
    public static let jwt = FuzzTarget(name: "jwt") { input in
        guard let recipient = FuzzFixtures.recipient else { return .refused }
        let keys = JWKSet(keys: [
            JWK(publicKey: recipient.key.publicKey, keyID: "fuzz-1", algorithm: .es256, use: "sig")
        ])
        let validator = JWTValidator(
            expectedIssuer: "fuzz-issuer", expectedAudience: "fuzz-service", maximumLifetime: 300,
            requireIssuedAt: true, requireJWTID: true)
        do {
            let token = try validator.validate(
                String(decoding: input, as: UTF8.self), keys: keys, now: FuzzFixtures.now)
            _ = token.claims
            return .accepted
        } catch {
            return .refused
        }
    }
}
