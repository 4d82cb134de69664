import Foundation
import Testing

@testable import ProvisioningCrypto

/// Random and mangled inputs must be refused with an error, never crash.
@Suite(.timeLimit(.minutes(3))) struct GarbageInputTests {
    @Test func randomBytesNeverCrashTheParsers() throws {
        var generator = PrimitivesFixtures.Garbage(state: 0x5EED)
        let key = try P256.PrivateKey()
        let rsa = try RSA.PrivateKey(bits: 2048)
        let keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey))])
        let validator = JWTValidator()
        var accepted = 0
        for _ in 0..<300 {
            let bytes = generator.bytes(maximumCount: 96)
            let text = String(decoding: bytes, as: UTF8.self)
            if (try? ECDSASignature(derRepresentation: bytes)) != nil { accepted += 1 }
            if (try? ECDSASignature(rawRepresentation: bytes)).map({ key.publicKey.isValidSignature($0, for: bytes) })
                == true
            {
                accepted += 1
            }
            if (try? P256.PublicKey(x963Representation: bytes)) != nil { accepted += 1 }
            if (try? P256.PrivateKey(rawRepresentation: bytes)) != nil && bytes.count != 32 { accepted += 1 }
            if (try? rsa.decrypt(bytes)) != nil { accepted += 1 }
            if (try? AES256GCM.openCombined(
                bytes, key: [UInt8](repeating: 1, count: 32), iv: [UInt8](repeating: 2, count: 12))) != nil
            {
                accepted += 1
            }
            _ = try? Base64.decode(text)
            _ = try? Base64URL.decode(text)
            if (try? JWS(compactSerialization: text)) != nil { accepted += 1 }
            if (try? validator.validate(text, keys: keys)) != nil { accepted += 1 }
            _ = try? JWK(jsonRepresentation: bytes)
            _ = try? JWKSet(jsonRepresentation: bytes)
        }
        #expect(accepted == 0)
    }

    @Test func mangledTokensAreRefusedWithJOSECodes() throws {
        var generator = PrimitivesFixtures.Garbage(state: 42)
        let key = try P256.PrivateKey()
        let keys = JWKSet(keys: [JWK(publicKey: .p256(key.publicKey), keyID: "k")])
        let claims = JWTClaims(issuer: "i", expiresAt: Date().addingTimeInterval(60), issuedAt: Date())
        let token = Array(try JWT.sign(claims, algorithm: .es256, key: .p256(key), keyID: "k").utf8)
        let validator = JWTValidator(expectedIssuer: "i")
        _ = try validator.validate(String(decoding: token, as: UTF8.self), keys: keys)
        let alphabet = Array("ABCxyz019-_.=+/ ".utf8)
        for round in 0..<300 {
            var mangled = token
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<mangled.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mangled[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: mangled.remove(at: index)
                default: mangled.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            guard mangled != token else { continue }
            do {
                _ = try validator.validate(String(decoding: mangled, as: UTF8.self), keys: keys)
                // A change confined to the ignored low bits cannot happen: base64url
                // decoding is canonical, so any accepted variant is a bug.
                Issue.record("mangled token accepted in round \(round)")
            } catch let error as CryptoError where CryptoError.Code.jose.contains(error.code) {
                continue
            } catch {
                Issue.record("non-JOSE error \(error) in round \(round)")
            }
        }
    }
}
