import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct JWTValidatorTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    let key: P256.PrivateKey
    let keys: JWKSet
    let validator = JWTValidator(
        expectedIssuer: "https://bank.example", expectedAudience: "provisioning", maximumLifetime: 300,
        requireIssuedAt: true, requireJWTID: true)

    init() throws {
        key = try P256.PrivateKey()
        keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey), keyID: "bank-1", algorithm: .es256, use: "sig")])
    }

    func claims(issuedAt: TimeInterval = -10, lifetime: TimeInterval = 120) -> JWTClaims {
        JWTClaims(
            issuer: "https://bank.example", subject: "card-42", audience: ["provisioning"],
            expiresAt: Self.now.addingTimeInterval(issuedAt + lifetime),
            issuedAt: Self.now.addingTimeInterval(issuedAt),
            jwtID: "6f1c2a90", custom: ["scope": .string("provision"), "limit": .integer(3)])
    }

    func token(_ claims: JWTClaims) throws -> String {
        try JWT.sign(claims, algorithm: .es256, key: .p256(key), keyID: "bank-1")
    }

    func expectRefusal(_ code: CryptoError.Code, _ claims: JWTClaims, validator: JWTValidator? = nil) throws {
        let token = try token(claims)
        do {
            _ = try (validator ?? self.validator).validate(token, keys: keys, now: Self.now)
            Issue.record("expected \(code), token accepted")
        } catch let error as CryptoError {
            #expect(error.code == code)
        }
    }

    @Test func validTokenIsAcceptedWithTypedAndCustomClaims() throws {
        let jwt = try validator.validate(token(claims()), keys: keys, now: Self.now)
        #expect(jwt.claims.subject == "card-42")
        #expect(jwt.claims.audience == ["provisioning"])
        #expect(jwt.claims.issuedAt == Self.now.addingTimeInterval(-10))
        #expect(jwt.claims[custom: "scope"] == .string("provision"))
        #expect(jwt.claims[custom: "limit"]?.integerValue == 3)
        #expect(jwt.header.type == "JWT")
        #expect(jwt.verifiedBy.keyID == "bank-1")
        struct Custom: Decodable {
            let scope: String
            let limit: Int
            let sub: String
        }
        let custom = try jwt.decodeClaims(as: Custom.self)
        #expect(custom.scope == "provision" && custom.limit == 3 && custom.sub == "card-42")
    }

    @Test func audienceMayBeAStringOrAnArray() throws {
        var many = claims()
        many.audience = ["other", "provisioning"]
        #expect(try validator.validate(token(many), keys: keys, now: Self.now).claims.audience?.count == 2)
        let single = try JWS(compactSerialization: token(claims()))
        let object = try JSONSerialization.jsonObject(with: Data(single.payload)) as? [String: Any]
        #expect(object?["aud"] as? String == "provisioning")
    }

    @Test func expiredTokenIsRefused() throws {
        try expectRefusal(.expired, claims(issuedAt: -200, lifetime: 150))
        // Within the 30 s leeway it is still accepted.
        _ = try validator.validate(token(claims(issuedAt: -200, lifetime: 180)), keys: keys, now: Self.now)
    }

    @Test func notBeforeInTheFutureIsRefused() throws {
        var future = claims()
        future.notBefore = Self.now.addingTimeInterval(60)
        try expectRefusal(.notYetValid, future)
        future.notBefore = Self.now.addingTimeInterval(20)
        _ = try validator.validate(token(future), keys: keys, now: Self.now)
    }

    @Test func issuedInTheFutureBeyondLeewayIsRefused() throws {
        try expectRefusal(.issuedInFuture, claims(issuedAt: 45))
        _ = try validator.validate(token(claims(issuedAt: 25)), keys: keys, now: Self.now)
    }

    @Test func lifetimeTooLongIsRefused() throws {
        try expectRefusal(.lifetimeTooLong, claims(lifetime: 301))
        _ = try validator.validate(token(claims(lifetime: 300)), keys: keys, now: Self.now)
    }

    @Test func wrongIssuerAndAudienceAreRefused() throws {
        var wrongIssuer = claims()
        wrongIssuer.issuer = "https://evil.example"
        try expectRefusal(.wrongIssuer, wrongIssuer)
        var wrongAudience = claims()
        wrongAudience.audience = ["wallet", "other"]
        try expectRefusal(.wrongAudience, wrongAudience)
    }

    @Test func missingRequiredClaimsAreRefused() throws {
        var noJTI = claims()
        noJTI.jwtID = nil
        try expectRefusal(.missingClaim, noJTI)
        var noExp = claims()
        noExp.expiresAt = nil
        try expectRefusal(.missingClaim, noExp)
        var noIAT = claims()
        noIAT.issuedAt = nil
        try expectRefusal(.missingClaim, noIAT)
        var noAudience = claims()
        noAudience.audience = nil
        try expectRefusal(.missingClaim, noAudience)
        // The same tokens pass a validator that does not ask for those claims.
        let lenient = JWTValidator(expectedIssuer: "https://bank.example")
        _ = try lenient.validate(token(noJTI), keys: keys, now: Self.now)
        _ = try lenient.validate(token(noAudience), keys: keys, now: Self.now)
    }

    @Test func wronglyTypedRegisteredClaimsAreRefused() throws {
        var bad = claims()
        bad.custom = [:]
        for (name, value) in [("exp", JSONValue.string("tomorrow")), ("aud", .integer(1)), ("iss", .bool(true))] {
            // Registered names in `custom` are dropped by the encoder, so forge the payload.
            var object = bad.jsonObject
            object[name] = value
            let header = Base64URL.encode(Array(#"{"alg":"ES256","kid":"bank-1"}"#.utf8))
            let payload = Base64URL.encode(try JOSEJSON.encode(object))
            let signature = try key.signature(for: Array((header + "." + payload).utf8)).rawRepresentation
            let forged = header + "." + payload + "." + Base64URL.encode(signature)
            do {
                _ = try validator.validate(forged, keys: keys, now: Self.now)
                Issue.record("\(name) of the wrong type was accepted")
            } catch let error as CryptoError {
                #expect(error.code == .invalidClaim)
            }
        }
    }

    @Test func expectedTypeIsEnforced() throws {
        var typed = validator
        typed.expectedType = "application/JWT"
        _ = try typed.validate(token(claims()), keys: keys, now: Self.now)
        typed.expectedType = "at+jwt"
        try expectRefusal(.wrongType, claims(), validator: typed)
    }

    @Test func signatureIsCheckedBeforeClaims() throws {
        let other = try P256.PrivateKey()
        let forged = try JWT.sign(claims(issuedAt: -1000), algorithm: .es256, key: .p256(other), keyID: "bank-1")
        do {
            _ = try validator.validate(forged, keys: keys, now: Self.now)
            Issue.record("forged token accepted")
        } catch let error as CryptoError {
            #expect(error.code == .invalidSignature)
        }
    }

    @Test func algorithmAllowListApplies() throws {
        var esOnly = validator
        esOnly.allowedAlgorithms = [.rs256]
        try expectRefusal(.unsupportedAlgorithm, claims(), validator: esOnly)
    }

    @Test func nonObjectPayloadIsMalformed() throws {
        let token = try JWS.sign(payload: Array("[1,2]".utf8), algorithm: .es256, key: .p256(key), keyID: "bank-1")
        do {
            _ = try validator.validate(token, keys: keys, now: Self.now)
            Issue.record("array payload accepted")
        } catch let error as CryptoError {
            #expect(error.code == .malformed)
        }
    }
}
