import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct P256KeyTests {
    @Test func generatedKeyRoundTripsThroughPEMAndDER() throws {
        let key = try P256.PrivateKey()
        let pem = try key.pemRepresentation
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let again = try P256.PrivateKey(pemRepresentation: pem)
        #expect(again.publicKey == key.publicKey)
        let der = try key.derRepresentation
        #expect(try P256.PrivateKey(derRepresentation: der).publicKey == key.publicKey)
        let spki = try key.publicKey.derRepresentation
        #expect(try P256.PublicKey(derRepresentation: spki) == key.publicKey)
    }

    @Test func rawPointIs65BytesAndRoundTrips() throws {
        let key = try P256.PrivateKey().publicKey
        let point = key.x963Representation
        #expect(point.count == 65)
        #expect(point.first == 0x04)
        #expect(try P256.PublicKey(x963Representation: point) == key)
    }

    @Test func pointOffTheCurveIsRefused() throws {
        var point = try P256.PrivateKey().publicKey.x963Representation
        point[64] ^= 0x01
        #expect(CryptoError.code { try P256.PublicKey(x963Representation: point) } == .invalidKey)
        let fours = [UInt8](repeating: 4, count: 65)
        #expect(CryptoError.code { try P256.PublicKey(x963Representation: fours) } == .invalidKey)
        #expect(CryptoError.code { try P256.PublicKey(x963Representation: [0x04]) } == .invalidKey)
    }

    @Test func rsaKeyIsNotAP256Key() throws {
        let rsa = try RSA.PrivateKey(bits: 2048)
        #expect(throws: CryptoError(.invalidKey, "not a P-256 key")) {
            try P256.PrivateKey(pemRepresentation: rsa.pemRepresentation)
        }
    }

    @Test func garbageIsAnEncodingError() {
        #expect(CryptoError.code { try P256.PrivateKey(derRepresentation: [1, 2, 3]) } == .invalidEncoding)
        #expect(CryptoError.code { try P256.PrivateKey(pemRepresentation: "nope") } == .invalidEncoding)
        #expect(CryptoError.code { try P256.PublicKey(derRepresentation: [UInt8]()) } == .invalidEncoding)
    }
}
