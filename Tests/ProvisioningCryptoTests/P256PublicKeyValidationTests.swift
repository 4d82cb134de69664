import Foundation
import Testing

@testable import ProvisioningCrypto

/// ECDH derives without re-checking the peer (see `P256.PrivateKey.sharedSecret(with:)`),
/// so every way of building a `P256.PublicKey` from outside bytes must refuse a
/// point that is not on the curve.
@Suite(.timeLimit(.minutes(3))) struct P256PublicKeyValidationTests {
    /// A real point with the last bit of y flipped: same x, so not on the curve
    /// (the only points with that x have y and p − y).
    static func offCurvePoint() throws -> (valid: P256.PublicKey, x: [UInt8], y: [UInt8]) {
        let valid = try P256.PrivateKey().publicKey
        let point = valid.x963Representation
        var y = Array(point[33..<65])
        y[31] ^= 0x01
        return (valid, Array(point[1..<33]), y)
    }

    /// The SubjectPublicKeyInfo DER of `key` with its point's last byte flipped.
    static func offCurveSPKI() throws -> [UInt8] {
        var der = try offCurvePoint().valid.derRepresentation
        // The point is the BIT STRING at the end of the SPKI: its last byte is y's.
        der[der.count - 1] ^= 0x01
        return der
    }

    @Test func offCurveX963PointIsRefused() throws {
        let (_, x, y) = try Self.offCurvePoint()
        #expect(CryptoError.code { try P256.PublicKey(x963Representation: [0x04] + x + y) } == .invalidKey)
    }

    @Test func offCurveSubjectPublicKeyInfoDERIsRefused() throws {
        let der = try Self.offCurveSPKI()
        #expect(CryptoError.code { try P256.PublicKey(derRepresentation: der) } == .invalidEncoding)
        #expect(CryptoError.code { try AnyPublicKey(derRepresentation: der) } == .invalidEncoding)
    }

    @Test func offCurveSubjectPublicKeyInfoPEMIsRefused() throws {
        let pem = PEMDocument(label: "PUBLIC KEY", der: try Self.offCurveSPKI()).pemString
        #expect(CryptoError.code { try P256.PublicKey(pemRepresentation: pem) } == .invalidEncoding)
    }

    @Test func offCurveJWKIsRefused() throws {
        let (_, x, y) = try Self.offCurvePoint()
        let json = #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(x))","y":"\#(Base64URL.encode(y))"}"#
        #expect(CryptoError.code { try JWK(jsonRepresentation: Array(json.utf8)) } == .invalidKey)
    }

    @Test func unmodifiedEncodingsAreAcceptedAndAgreeOnTheSecret() throws {
        // The control for the tests above: the same encodings, unmodified, import
        // and give the same ECDH secret as the original key.
        let recipient = try P256.PrivateKey()
        let original = recipient.publicKey
        let point = original.x963Representation
        let imported = [
            try P256.PublicKey(x963Representation: point),
            try P256.PublicKey(derRepresentation: original.derRepresentation),
            try P256.PublicKey(pemRepresentation: original.pemRepresentation),
        ]
        let sender = try P256.PrivateKey()
        let expected = try recipient.sharedSecret(with: sender.publicKey)
        for key in imported {
            #expect(key == original)
            #expect(try sender.sharedSecret(with: key) == expected)
        }
    }
}
