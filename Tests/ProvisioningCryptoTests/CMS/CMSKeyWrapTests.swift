import Foundation
import Testing

@testable import ProvisioningCrypto

/// Key-agreement recipients whose content key is wrapped with AES key wrap with
/// padding (RFC 5649). OpenSSL 3.0 wipes 8 bytes past the buffer it sized for
/// such an unwrap when the wrapped key does not unwrap, which corrupted the heap
/// (the fuzzer's bad-free in `CMS_ContentInfo_free`); `decrypt` refuses them
/// before OpenSSL unwraps anything.
@Suite(.timeLimit(.minutes(3))) struct CMSKeyWrapTests {
    static func fixtureRecipient() throws -> (AnyPrivateKey, Certificate) {
        (
            try AnyPrivateKey(pemRepresentation: FixtureFiles.text("cms", "ec-key.pem")),
            try Certificate(pemRepresentation: FixtureFiles.text("cms", "ec-cert.pem"))
        )
    }

    /// The DER OBJECT IDENTIFIER of an AES key-wrap algorithm, 2.16.840.1.101.3.4.1.`arc`.
    static func aesOID(_ arc: UInt8) -> [UInt8] { [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, arc] }

    /// `der` with its one key-wrap OID `from` replaced by `to` (same length, so
    /// the DER stays well formed).
    static func replacingWrapAlgorithm(in der: [UInt8], _ from: UInt8, with to: UInt8) throws -> [UInt8] {
        let needle = aesOID(from)
        let starts = (0...(der.count - needle.count)).filter { der[$0..<($0 + needle.count)].elementsEqual(needle) }
        let start = try #require(starts.count == 1 ? starts.first : nil)
        var patched = der
        patched[start + needle.count - 1] = to
        return patched
    }

    private func decryptionCode(_ der: [UInt8], _ key: AnyPrivateKey, _ certificate: Certificate) -> CryptoError.Code? {
        CryptoError.code { try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) }
    }

    @Test func aes192KeyWrapFixtureStillDecrypts() throws {
        let (key, certificate) = try Self.fixtureRecipient()
        let der = Array(try FixtureFiles.data("cms", "ec-aes192.der"))
        let plaintext = try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate)
        #expect(plaintext == Array(try FixtureFiles.data("cms", "message.json")))
    }

    /// The fixture's 32-byte wrapped key under AES-192-WRAP-PAD made OpenSSL
    /// zero the size field of the next malloc chunk: before the fix the first
    /// decryption aborted the process ("free(): invalid pointer"). The loop
    /// keeps the check meaningful if the allocator's layout ever shifts.
    @Test func paddedKeyWrapIsRefusedWithoutCorruptingTheHeap() throws {
        let (key, certificate) = try Self.fixtureRecipient()
        let der = Array(try FixtureFiles.data("cms", "ec-aes192-wrap-pad.der"))
        #expect(
            der
                == (try Self.replacingWrapAlgorithm(
                    in: try FixtureFiles.data("cms", "ec-aes192.der").map { $0 }, 0x19, with: 0x1C)))
        for _ in 0..<64 {
            #expect(decryptionCode(der, key, certificate) == .unsupportedKeyWrap)
        }
        // The shared key and certificate still work afterwards.
        let valid = Array(try FixtureFiles.data("cms", "ec-aes192.der"))
        #expect(try CMSEnvelopedData.decrypt(valid, key: key, certificate: certificate).isEmpty == false)
    }

    /// Every padded AES wrap (128, 192, 256) and an unknown wrap OID, on a
    /// message this module wrote for a fresh P-256 recipient, for both content
    /// ciphers: refused as `unsupportedKeyWrap`, never reaching OpenSSL's unwrap.
    @Test(arguments: [CMSEnvelopedData.ContentCipher.aes256CBC, .aes256GCM])
    func nonAESKeyWrapAlgorithmsAreRefused(cipher: CMSEnvelopedData.ContentCipher) throws {
        let (key, certificate) = try CMSKeyAgreementTests.recipient()
        let der = try CMSEnvelopedData.encrypt(CMSKeyAgreementTests.payload, for: certificate, contentCipher: cipher)
        // id-aes256-wrap is arc 45; the padded wraps are 8, 28 and 48; 46 is aes256-gcm, not a wrap.
        #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == CMSKeyAgreementTests.payload)
        for arc: UInt8 in [8, 28, 48, 46] {
            let patched = try Self.replacingWrapAlgorithm(in: der, 45, with: arc)
            #expect(decryptionCode(patched, key, certificate) == .unsupportedKeyWrap, "wrap arc \(arc)")
        }
    }
}
