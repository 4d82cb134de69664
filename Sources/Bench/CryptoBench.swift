import Foundation
import ProvisioningCrypto

/// The cryptography figures of `make bench`. Each is one thread doing the whole
/// operation, so that it compares with `openssl speed` (also one thread) run by
/// scripts/bench.sh in the same run.
enum CryptoBench {
    static func run(_ arguments: [String]) async throws {
        let seconds = Double(arguments.first ?? "") ?? 3
        try eccV2(seconds: seconds)
        try cms(seconds: seconds)
        try jwt(seconds: seconds)
        try DecryptFailureTimingBench.run(attempts: 2_000)
    }

    /// Apple ECC_V2: ephemeral key generation, ECDH, concat KDF, AES-256-GCM.
    static func eccV2(seconds: Double) throws {
        let leaf = try P256.PrivateKey().publicKey
        let passData = try ApplePayPassData(
            primaryAccountNumber: "4111111111111111", expiration: "12/29", name: "Jane Appleseed",
            nonce: SecureRandom.bytes(count: 16), nonceSignature: SecureRandom.bytes(count: 71)
        ).jsonRepresentation()
        let rate = try measureRate(seconds: seconds) {
            _ = try ApplePayECCV2.encrypt(passData, for: leaf)
        }
        BenchFigure(
            name: "crypto.ecc_v2.encryptions_per_second", value: rate, unit: "op/s",
            baselineKey: "openssl.ecc_v2_ceiling_per_second", target: ">= 0.75"
        ).emit()
    }

    /// CMS EnvelopedData decryption of a card payload, for an RSA-2048 (OAEP)
    /// recipient and a P-256 (ECDH) recipient.
    static func cms(seconds: Double) throws {
        let payload = Array(#"{"primaryAccountNumber":"4111111111111111","expiration":"12/29"}"#.utf8)
        for (label, key, baseline) in [
            (
                "rsa2048_oaep", AnyPrivateKey.rsa(try RSA.PrivateKey(bits: 2048)),
                "openssl.rsa2048.private_ops_per_second"
            ),
            ("p256_ecdh", AnyPrivateKey.p256(try P256.PrivateKey()), "openssl.ecdhp256.derive_per_second"),
        ] {
            let certificate = try CertificateBuilder.endEntity(
                subject: DistinguishedName(commonName: "bench payload"), publicKey: key.publicKey,
                keyUsage: [.keyEncipherment, .keyAgreement], notValidBefore: Date(),
                notValidAfter: Date().addingTimeInterval(86_400)
            ).selfSigned(with: key)
            let message = try CMSEnvelopedData.encrypt(payload, for: certificate)
            let rate = try measureRate(seconds: seconds) {
                _ = try CMSEnvelopedData.decrypt(message, key: key, certificate: certificate)
            }
            BenchFigure(
                name: "crypto.cms_decrypt.\(label)_per_second", value: rate, unit: "op/s", baselineKey: baseline,
                target: ">= 0.75"
            ).emit()
        }
    }

    /// ES256 authorization-code verification with claim validation.
    static func jwt(seconds: Double) throws {
        let key = try P256.PrivateKey()
        let keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey), keyID: "k1", algorithm: .es256)])
        let now = Date()
        let claims = JWTClaims(
            issuer: "bank", audience: ["pushprovisioning"], expiresAt: now.addingTimeInterval(300), issuedAt: now,
            jwtID: UUID().uuidString, custom: ["scope": .string("provision")])
        let token = try JWT.sign(claims, algorithm: .es256, key: .p256(key), keyID: "k1")
        let validator = JWTValidator(
            expectedIssuer: "bank", expectedAudience: "pushprovisioning", maximumLifetime: 300, requireIssuedAt: true,
            requireJWTID: true)
        let rate = try measureRate(seconds: seconds) {
            _ = try validator.validate(token, keys: keys, now: now)
        }
        BenchFigure(
            name: "crypto.jwt_es256.verifications_per_second", value: rate, unit: "op/s",
            baselineKey: "openssl.ecdsap256.verify_per_second", target: ">= 0.75"
        ).emit()
    }
}
