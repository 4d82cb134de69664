import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct JWSTests {
    static let rsaKey: RSA.PrivateKey? = try? RSA.PrivateKey(bits: 2048)

    /// A token assembled by hand, as an attacker would.
    static func craft(header: String, payload: String, signature: [UInt8]) -> String {
        Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8)) + "."
            + Base64URL.encode(signature)
    }

    static func expectRefusal(_ code: CryptoError.Code, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected refusal \(code), got success")
        } catch let error as CryptoError {
            #expect(error.code == code)
        } catch {
            Issue.record("expected CryptoError \(code), got \(error)")
        }
    }

    @Test func es256RS256AndPS256SignAndVerify() throws {
        let ec = try P256.PrivateKey()
        let rsa = try #require(Self.rsaKey)
        let payload = Array(#"{"hello":"world"}"#.utf8)
        let cases: [(JWSAlgorithm, AnyPrivateKey)] = [(.es256, .p256(ec)), (.rs256, .rsa(rsa)), (.ps256, .rsa(rsa))]
        for (algorithm, key) in cases {
            let token = try JWS.sign(payload: payload, algorithm: algorithm, key: key, keyID: "k1", type: "JWT")
            let jws = try JWS(compactSerialization: token)
            #expect(jws.header.algorithm == algorithm)
            #expect(jws.header.keyID == "k1")
            #expect(jws.payload == payload)
            let keys = JWKSet(keys: [JWK(publicKey: key.publicKey, keyID: "k1")])
            let used = try jws.verifySignature(using: keys)
            #expect(used.keyID == "k1")
            if algorithm == .es256 { #expect(jws.signature.count == 64) }
        }
    }

    @Test func signingWithAMismatchedKeyIsRefused() throws {
        let ec = try P256.PrivateKey()
        Self.expectRefusal(.algorithmKeyMismatch) { _ = try JWS.sign(payload: [], algorithm: .rs256, key: .p256(ec)) }
        Self.expectRefusal(.unsupportedAlgorithm) {
            _ = try JWS.sign(payload: [], algorithm: JWSAlgorithm(rawValue: "HS256"), key: .p256(ec))
        }
    }

    @Test func algNoneIsRefused() throws {
        let key = try P256.PrivateKey()
        let keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey))])
        let token = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + Base64URL.encode(Array("{}".utf8)) + "."
        // An empty signature segment is already malformed; with one byte, alg is refused.
        Self.expectRefusal(.malformed) { _ = try JWS(compactSerialization: token) }
        let padded = Self.craft(header: #"{"alg":"none"}"#, payload: "{}", signature: [0])
        Self.expectRefusal(.unsupportedAlgorithm) { try JWS(compactSerialization: padded).verifySignature(using: keys) }
    }

    @Test func hs256SignedWithThePublicKeyBytesIsRefused() throws {
        let key = try P256.PrivateKey()
        let keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey), keyID: "ec")])
        let header = #"{"alg":"HS256","kid":"ec"}"#
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array("{}".utf8))
        let mac = try HMACSHA256.authenticationCode(
            for: Array(input.utf8), key: Array(key.publicKey.pemRepresentation.utf8))
        let token = input + "." + Base64URL.encode(mac)
        Self.expectRefusal(.unsupportedAlgorithm) { try JWS(compactSerialization: token).verifySignature(using: keys) }
        let jws = try JWS(compactSerialization: token)
        Self.expectRefusal(.unsupportedAlgorithm) { try jws.verifySignature(with: keys.keys[0]) }
    }

    @Test func rs256HeaderWithAnECKeyIsRefused() throws {
        let key = try P256.PrivateKey()
        let keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey), keyID: "ec")])
        let token = try JWS.sign(payload: Array("{}".utf8), algorithm: .es256, key: .p256(key), keyID: "ec")
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let forged = Base64URL.encode(Array(#"{"alg":"RS256","kid":"ec"}"#.utf8)) + "." + parts[1] + "." + parts[2]
        Self.expectRefusal(.algorithmKeyMismatch) { try JWS(compactSerialization: forged).verifySignature(using: keys) }
    }

    @Test func jwkAlgAndUseRestrictTheKey() throws {
        let key = try P256.PrivateKey()
        let rsa = try #require(Self.rsaKey)
        let token = try JWS.sign(payload: Array("{}".utf8), algorithm: .ps256, key: .rsa(rsa))
        let jws = try JWS(compactSerialization: token)
        Self.expectRefusal(.algorithmKeyMismatch) {
            try jws.verifySignature(with: JWK(publicKey: .rsa(rsa.publicKey), algorithm: .rs256))
        }
        Self.expectRefusal(.keyUsageMismatch) {
            try jws.verifySignature(with: JWK(publicKey: .rsa(rsa.publicKey), use: "enc"))
        }
        try jws.verifySignature(with: JWK(publicKey: .rsa(rsa.publicKey), algorithm: .ps256, use: "sig"))
        Self.expectRefusal(.unsupportedAlgorithm) {
            try jws.verifySignature(with: JWK(publicKey: .rsa(rsa.publicKey)), allowedAlgorithms: [.rs256])
        }
        let ecToken = try JWS.sign(payload: [], algorithm: .es256, key: .p256(key))
        Self.expectRefusal(.algorithmKeyMismatch) {
            try JWS(compactSerialization: ecToken).verifySignature(with: JWK(publicKey: .rsa(rsa.publicKey)))
        }
    }

    @Test func keySelectionRefusesUnknownAndAmbiguousKeys() throws {
        let signer = try P256.PrivateKey()
        let other = try P256.PrivateKey()
        let withKid = try JWS.sign(payload: [], algorithm: .es256, key: .p256(signer), keyID: "a")
        let withoutKid = try JWS.sign(payload: [], algorithm: .es256, key: .p256(signer))
        let two = JWKSet(keys: [
            JWK(publicKey: .p256(other.publicKey), keyID: "b"), JWK(publicKey: .p256(signer.publicKey), keyID: "a"),
        ])
        #expect(try JWS(compactSerialization: withKid).verifySignature(using: two).keyID == "a")
        Self.expectRefusal(.missingKeyID) { try JWS(compactSerialization: withoutKid).verifySignature(using: two) }
        let onlyB = JWKSet(keys: [JWK(publicKey: .p256(other.publicKey), keyID: "b")])
        Self.expectRefusal(.unknownKey) { try JWS(compactSerialization: withKid).verifySignature(using: onlyB) }
        Self.expectRefusal(.unknownKey) {
            try JWS(compactSerialization: withKid).verifySignature(using: JWKSet(keys: []))
        }
        // One key and no kid: that key is used, and a wrong one fails the signature.
        Self.expectRefusal(.invalidSignature) {
            try JWS(compactSerialization: withoutKid).verifySignature(
                using: JWKSet(keys: [JWK(publicKey: .p256(other.publicKey))]))
        }
        try JWS(compactSerialization: withoutKid).verifySignature(
            using: JWKSet(keys: [JWK(publicKey: .p256(signer.publicKey))]))
    }

    @Test func tamperedPayloadAndSignatureAreRefused() throws {
        let key = try P256.PrivateKey()
        let rsa = try #require(Self.rsaKey)
        for (algorithm, privateKey) in [(JWSAlgorithm.es256, AnyPrivateKey.p256(key)), (.rs256, .rsa(rsa))] {
            let keys = JWKSet(keys: [JWK(publicKey: privateKey.publicKey)])
            let token = try JWS.sign(payload: Array(#"{"amount":1}"#.utf8), algorithm: algorithm, key: privateKey)
            let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let payload = Base64URL.encode(Array(#"{"amount":9}"#.utf8))
            Self.expectRefusal(.invalidSignature) {
                try JWS(compactSerialization: parts[0] + "." + payload + "." + parts[2]).verifySignature(using: keys)
            }
            var signature = try Base64URL.decode(parts[2])
            signature[signature.count / 2] ^= 0x01
            let tampered = parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
            Self.expectRefusal(.invalidSignature) {
                try JWS(compactSerialization: tampered).verifySignature(using: keys)
            }
            let truncated = parts[0] + "." + parts[1] + "." + Base64URL.encode(Array(signature.prefix(10)))
            Self.expectRefusal(.invalidSignature) {
                try JWS(compactSerialization: truncated).verifySignature(using: keys)
            }
        }
    }

    @Test func derSignatureInES256IsRefused() throws {
        let key = try P256.PrivateKey()
        let input = Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8)) + "." + Base64URL.encode(Array("{}".utf8))
        let der = try key.signature(for: Array(input.utf8)).derRepresentation
        let token = input + "." + Base64URL.encode(der)
        Self.expectRefusal(.invalidSignature) {
            try JWS(compactSerialization: token).verifySignature(with: JWK(publicKey: .p256(key.publicKey)))
        }
    }

    @Test func malformedSerializationsAreRefused() throws {
        let valid = try JWS.sign(payload: [], algorithm: .es256, key: .p256(P256.PrivateKey()))
        let header = String(valid.split(separator: ".")[0])
        let cases = [
            "", "garbage", "a.b", "a.b.c.d", "...", "\(header)..", "\(header).e30.!!!!", "\(header).e30.a+b/",
            "e30.e30.AAAA", "W10.e30.AAAA", "IiI.e30.AAAA", "eyJhbGciOjF9.e30.AAAA", "\(header).e3=.AAAA",
            "bm90IGpzb24.e30.AAAA", "\(header) .e30.AAAA",
        ]
        for token in cases {
            Self.expectRefusal(.malformed) { _ = try JWS(compactSerialization: token) }
        }
    }

    @Test func oversizeTokensAreRefusedBeforeParsing() {
        let huge = String(repeating: "A", count: JWS.defaultMaximumLength + 1)
        Self.expectRefusal(.oversize) { _ = try JWS(compactSerialization: huge) }
        Self.expectRefusal(.oversize) { _ = try JWS(compactSerialization: "a.b.c", maximumLength: 4) }
    }

    @Test func criticalHeaderIsRefused() {
        let token = Self.craft(header: #"{"alg":"ES256","crit":["b64"],"b64":false}"#, payload: "{}", signature: [1])
        Self.expectRefusal(.unsupportedCriticalHeader) { _ = try JWS(compactSerialization: token) }
    }

    @Test func jwkSetSkipsUnsupportedKeysAndRefusesBrokenOnes() throws {
        let key = try P256.PrivateKey()
        let jwk = String(
            decoding: try JWK(publicKey: .p256(key.publicKey), keyID: "ec").jsonRepresentation(), as: UTF8.self)
        let json = #"{"keys":[{"kty":"oct","k":"AAAA"},{"kty":"EC","crv":"P-384","x":"AA","y":"AA"},"# + jwk + "]}"
        let set = try JWKSet(jsonRepresentation: Array(json.utf8))
        #expect(set.keys.count == 1)
        #expect(set[keyID: "ec"]?.publicKey == .p256(key.publicKey))
        #expect(try JWKSet(jsonRepresentation: set.jsonRepresentation()).keys.count == 1)
        let broken = #"{"keys":[{"kty":"EC","crv":"P-256","x":"AAAA","y":"AAAA"}]}"#
        Self.expectRefusal(.invalidKey) { _ = try JWKSet(jsonRepresentation: Array(broken.utf8)) }
        Self.expectRefusal(.malformed) { _ = try JWKSet(jsonRepresentation: Array(#"{"keys":{}}"#.utf8)) }
        Self.expectRefusal(.malformed) { _ = try JWKSet(jsonRepresentation: Array("[]".utf8)) }
    }

    @Test func jwkImportRefusesBadKeys() throws {
        let key = try P256.PrivateKey()
        let point = key.publicKey.x963Representation
        let x = Base64URL.encode(Array(point[1..<33]))
        var yBytes = Array(point[33..<65])
        yBytes[31] ^= 1
        let offCurve = #"{"kty":"EC","crv":"P-256","x":""# + x + #"","y":""# + Base64URL.encode(yBytes) + #""}"#
        Self.expectRefusal(.invalidKey) { _ = try JWK(jsonRepresentation: Array(offCurve.utf8)) }
        let otherD = try Base64URL.encode(P256.PrivateKey().rawRepresentation)
        let y = Base64URL.encode(Array(point[33..<65]))
        let mismatched = #"{"kty":"EC","crv":"P-256","x":""# + x + #"","y":""# + y + #"","d":""# + otherD + #""}"#
        Self.expectRefusal(.invalidKey) { _ = try JWK(jsonRepresentation: Array(mismatched.utf8)) }
        Self.expectRefusal(.invalidKey) {
            _ = try JWK(jsonRepresentation: Array(#"{"kty":"RSA","n":"AQAB","e":"AQAB"}"#.utf8))
        }
        Self.expectRefusal(.invalidKey) {
            _ = try JWK(jsonRepresentation: Array(#"{"kty":"EC","crv":"P-256","x":1}"#.utf8))
        }
        Self.expectRefusal(.malformed) { _ = try JWK(jsonRepresentation: Array("nope".utf8)) }
    }
}
