import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct JWSVectorTests {
    struct Vectors: Decodable {
        struct Example: Decodable {
            let jwk: JWK
            let compact: String
        }
        struct Thumbprint: Decodable {
            let jwk: JWK
            let sha256: String
        }
        let a2: Example
        let a3: Example
        let payload: String
        let thumbprint: Thumbprint
    }

    static func vectors() throws -> Vectors {
        try PrimitivesFixtures.load(Vectors.self, "jws-rfc7515")
    }

    @Test func rfc7515AppendixA2RS256Verifies() throws {
        let vectors = try Self.vectors()
        let jws = try JWS(compactSerialization: vectors.a2.compact)
        #expect(jws.header.algorithm == .rs256)
        #expect(jws.payload == Array(vectors.payload.utf8))
        try jws.verifySignature(with: vectors.a2.jwk)
        guard case .rsa(let key) = vectors.a2.jwk.publicKey else {
            Issue.record("A.2 JWK is not RSA")
            return
        }
        #expect(key.keySizeInBits == 2048)
    }

    @Test func rfc7515AppendixA3ES256VerifiesWithRawSignature() throws {
        let vectors = try Self.vectors()
        let jws = try JWS(compactSerialization: vectors.a3.compact)
        #expect(jws.header.algorithm == .es256)
        #expect(jws.signature.count == 64)
        try jws.verifySignature(with: vectors.a3.jwk)
        // The A.3 JWK carries "d": the private key imports and matches.
        #expect(vectors.a3.jwk.privateKey != nil)
    }

    @Test func rfc7515ExamplesFailUnderTheOtherKey() throws {
        let vectors = try Self.vectors()
        let a2 = try JWS(compactSerialization: vectors.a2.compact)
        let a3 = try JWS(compactSerialization: vectors.a3.compact)
        #expect(CryptoError.code { try a2.verifySignature(with: vectors.a3.jwk) } == .algorithmKeyMismatch)
        #expect(CryptoError.code { try a3.verifySignature(with: vectors.a2.jwk) } == .algorithmKeyMismatch)
    }

    @Test func rfc7638ThumbprintMatches() throws {
        let vectors = try Self.vectors()
        #expect(Base64URL.encode(try vectors.thumbprint.jwk.thumbprint()) == vectors.thumbprint.sha256)
        #expect(vectors.thumbprint.jwk.keyID == "2011-04-29")
        #expect(vectors.thumbprint.jwk.algorithm == .rs256)
    }

    @Test func publishedJWKsRoundTripThroughJSON() throws {
        let vectors = try Self.vectors()
        for jwk in [vectors.a2.jwk, vectors.a3.jwk, vectors.thumbprint.jwk] {
            let again = try JWK(jsonRepresentation: jwk.jsonRepresentation())
            #expect(again.publicKey == jwk.publicKey)
            #expect(again.keyID == jwk.keyID)
            #expect(again.privateKey == nil)
        }
        let privateJSON = try vectors.a3.jwk.privateJSONRepresentation()
        let object = try JSONSerialization.jsonObject(with: Data(privateJSON)) as? [String: String]
        #expect(object?["d"] == "jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI")
        #expect(object?["x"] == "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU")
    }
}
