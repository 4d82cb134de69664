import Foundation
import Testing

@testable import ProvisioningCrypto

/// P-256 recipients: the shim validates the originator's ephemeral point itself
/// and derives without OpenSSL's second (full) check.
@Suite(.timeLimit(.minutes(3))) struct CMSKeyAgreementTests {
    static let payload = Array(#"{"primaryAccountNumber":"not-a-real-pan","expiration":"01/30"}"#.utf8)

    static func recipient() throws -> (AnyPrivateKey, Certificate) {
        let key = AnyPrivateKey.p256(try P256.PrivateKey())
        let certificate = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "CMS KARI Recipient"), publicKey: key.publicKey,
            keyUsage: [.keyAgreement], notValidBefore: TestDates.utc(2025, 1, 1),
            notValidAfter: TestDates.utc(2035, 1, 1)
        ).selfSigned(with: key)
        return (key, certificate)
    }

    /// Where the originator's uncompressed point starts: `03 42 00 04`, a 66-byte
    /// BIT STRING holding `04 ‖ X ‖ Y` (the message carries no other such value).
    static func originatorPointOffset(in der: [UInt8]) -> Int? {
        guard der.count > 4 else { return nil }
        return (0..<(der.count - 3)).first { der[$0...($0 + 3)].elementsEqual([0x03, 0x42, 0x00, 0x04]) }
            .map { $0 + 3 }
    }

    private func decryptionCode(_ der: [UInt8], _ key: AnyPrivateKey, _ certificate: Certificate) -> CryptoError.Code? {
        CryptoError.code { try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) }
    }

    @Test(arguments: [CMSEnvelopedData.ContentCipher.aes256CBC, .aes256GCM])
    func ecRecipientDecryptsAfterRepeatedUse(cipher: CMSEnvelopedData.ContentCipher) throws {
        let (key, certificate) = try Self.recipient()
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate, contentCipher: cipher)
        // The same parsed key and certificate serve several messages: the shim
        // must leave no per-message state behind on them.
        for _ in 0..<3 {
            #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == Self.payload)
        }
    }

    @Test func offCurveOriginatorKeyIsADecryptionFailure() throws {
        let (key, certificate) = try Self.recipient()
        var der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        let point = try #require(Self.originatorPointOffset(in: der))
        #expect(try P256.PublicKey(x963Representation: der[point..<(point + 65)]).x963Representation.count == 65)
        der[point + 64] ^= 0x01
        #expect(CryptoError.code { try P256.PublicKey(x963Representation: der[point..<(point + 65)]) } == .invalidKey)
        #expect(decryptionCode(der, key, certificate) == .decryptionFailure)
    }

    @Test func tamperedWrappedKeyIsADecryptionFailure() throws {
        let (key, certificate) = try Self.recipient()
        var der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        // AES-256 key wrap of a 32-byte content key: a 40-byte OCTET STRING (04 28).
        let wrapped = try #require((0..<(der.count - 1)).first { der[$0] == 0x04 && der[$0 + 1] == 0x28 })
        der[wrapped + 2 + 20] ^= 0x01
        #expect(decryptionCode(der, key, certificate) == .decryptionFailure)
    }
}
