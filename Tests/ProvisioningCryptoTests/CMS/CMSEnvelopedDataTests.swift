import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct CMSEnvelopedDataTests {
    static let payload = Array(#"{"primaryAccountNumber":"not-a-real-pan","expiration":"01/30","name":"Test"}"#.utf8)

    /// A self-signed recipient certificate for `key`.
    static func recipient(_ key: AnyPrivateKey, name: String = "CMS Recipient") throws -> Certificate {
        try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: name, organization: "PushProvisioning Tests"),
            publicKey: key.publicKey, keyUsage: [.keyEncipherment, .keyAgreement],
            notValidBefore: TestDates.utc(2025, 1, 1), notValidAfter: TestDates.utc(2035, 1, 1)
        ).selfSigned(with: key)
    }

    static func rsaKey() throws -> AnyPrivateKey { .rsa(try RSA.PrivateKey(bits: 2048)) }
    static func ecKey() throws -> AnyPrivateKey { .p256(try P256.PrivateKey()) }

    // MARK: Round trips

    @Test(arguments: [CMSEnvelopedData.ContentCipher.aes256CBC, .aes256GCM])
    func rsaRecipientRoundTrips(cipher: CMSEnvelopedData.ContentCipher) throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate, contentCipher: cipher)
        #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == Self.payload)
    }

    @Test(arguments: [CMSEnvelopedData.ContentCipher.aes256CBC, .aes256GCM])
    func ecRecipientRoundTrips(cipher: CMSEnvelopedData.ContentCipher) throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate, contentCipher: cipher)
        #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == Self.payload)
    }

    @Test func emptyPlaintextRoundTrips() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt([UInt8](), for: certificate)
        #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == [])
    }

    @Test func pemAndBase64WrappersRoundTrip() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        let pem = CMSEnvelopedData.pemRepresentation(der: der)
        #expect(pem.hasPrefix("-----BEGIN CMS-----\n"))
        #expect(try CMSEnvelopedData.der(pem: pem) == der)
        let base64 = CMSEnvelopedData.base64EncodedString(der: der)
        #expect(try CMSEnvelopedData.der(base64: base64) == der)
        // Line breaks and spaces, as a PEM body or a pasted payload has them, are ignored.
        var wrapped = ""
        for (offset, character) in base64.enumerated() {
            if offset > 0 && offset % 64 == 0 { wrapped += offset % 128 == 0 ? "\r\n" : " \t" }
            wrapped.append(character)
        }
        #expect(try CMSEnvelopedData.der(base64: wrapped + "\n") == der)
        #expect(CryptoError.code { try CMSEnvelopedData.der(base64: "not base64 !") } == .malformed)
        #expect(CryptoError.code { try CMSEnvelopedData.der(base64: "nobase64*") } == .malformed)
        #expect(CryptoError.code { try CMSEnvelopedData.der(base64: String(base64.dropLast())) } == .malformed)
        #expect(CryptoError.code { try CMSEnvelopedData.der(pem: certificate.pemRepresentation) } == .malformed)
    }

    // MARK: Fixtures written by the openssl CLI

    @Test func cliWrittenRSAOAEPFixtureDecrypts() async throws {
        let key = try AnyPrivateKey(pemRepresentation: FixtureFiles.text("cms", "rsa-key.pem"))
        let certificate = try Certificate(pemRepresentation: FixtureFiles.text("cms", "rsa-cert.pem"))
        let der = try FixtureFiles.data("cms", "rsa-oaep-aes256cbc.der")
        let plaintext = try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate)
        #expect(plaintext == Array(try FixtureFiles.data("cms", "message.json")))
    }

    @Test func cliWrittenECFixtureDecrypts() async throws {
        let key = try AnyPrivateKey(pemRepresentation: FixtureFiles.text("cms", "ec-key.pem"))
        let certificate = try Certificate(pemRepresentation: FixtureFiles.text("cms", "ec-cert.pem"))
        let der = try FixtureFiles.data("cms", "ec-aes256cbc.der")
        let plaintext = try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate)
        #expect(plaintext == Array(try FixtureFiles.data("cms", "message.json")))
    }

    // MARK: Live interoperability with the openssl CLI

    /// What `openssl cms -decrypt` makes of our `der` for `key`, and what
    /// `openssl cms -cmsout -print` shows of its structure.
    static func openedByOpenSSLCLI(
        _ der: [UInt8], key: AnyPrivateKey, certificate: Certificate
    ) async throws -> (plaintext: [UInt8]?, structure: String) {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        try cli.write("message.der", der)
        try cli.write("cert.pem", certificate.pemRepresentation)
        try cli.write("key.pem", try key.pemRepresentation)
        let decrypted = try await cli.run([
            "cms", "-decrypt", "-binary", "-inform", "DER", "-in", "message.der", "-recip", "cert.pem", "-inkey",
            "key.pem", "-out", "plain.bin",
        ])
        #expect(decrypted.status == 0, "\(decrypted.errorOutput)")
        let printed = try await cli.run(["cms", "-cmsout", "-print", "-inform", "DER", "-in", "message.der"])
        return (decrypted.status == 0 ? try cli.read("plain.bin") : nil, printed.output)
    }

    /// `openssl cms -encrypt -aes256` of ``payload`` for `certificate` with
    /// `options`, as DER (read from PEM output when `viaPEM`).
    static func sealedByOpenSSLCLI(
        for certificate: Certificate, options: [String] = [], viaPEM: Bool = false
    ) async throws -> [UInt8] {
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        try cli.write("plain.bin", Self.payload)
        try cli.write("cert.pem", certificate.pemRepresentation)
        let encrypted = try await cli.run(
            ["cms", "-encrypt", "-binary", "-aes256", "-in", "plain.bin", "-recip", "cert.pem"] + options + [
                "-outform", viaPEM ? "PEM" : "DER", "-out", "message.out",
            ])
        #expect(encrypted.status == 0, "\(options): \(encrypted.errorOutput)")
        let output = try cli.read("message.out")
        return viaPEM ? try CMSEnvelopedData.der(pem: String(decoding: output, as: UTF8.self)) : output
    }

    @Test func ourRSAOutputUsesOAEPAndDecryptsWithOpenSSLCLI() async throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        let opened = try await Self.openedByOpenSSLCLI(
            try CMSEnvelopedData.encrypt(Self.payload, for: certificate), key: key, certificate: certificate)
        #expect(opened.plaintext == Self.payload)
        #expect(opened.structure.contains("rsaesOaep"))
        #expect(opened.structure.contains("sha256"))
        #expect(opened.structure.contains("aes-256-cbc"))
    }

    @Test func ourECOutputDecryptsWithOpenSSLCLI() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let opened = try await Self.openedByOpenSSLCLI(
            try CMSEnvelopedData.encrypt(Self.payload, for: certificate), key: key, certificate: certificate)
        #expect(opened.plaintext == Self.payload)
        #expect(opened.structure.contains("dhSinglePass-stdDH-sha256kdf-scheme"))
    }

    @Test func openSSLCLIRSAOAEPOutputDecryptsWithOurs() async throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        let der = try await Self.sealedByOpenSSLCLI(
            for: certificate, options: ["-keyopt", "rsa_padding_mode:oaep", "-keyopt", "rsa_oaep_md:sha256"])
        #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == Self.payload)
    }

    @Test func openSSLCLIECOutputDecryptsWithOurs() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let der = try await Self.sealedByOpenSSLCLI(for: certificate, viaPEM: true)
        #expect(try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) == Self.payload)
    }

    /// What `openssl cms -encrypt` does without `-keyopt`: RSA PKCS #1 v1.5 key
    /// transport, a padding-oracle class of risk on the component that holds
    /// the PAN; and OAEP with its SHA-1 defaults. Both are refused before any
    /// decryption, with the same code.
    @Test(arguments: [
        ("PKCS #1 v1.5", [String]()), ("OAEP with SHA-1", ["-keyopt", "rsa_padding_mode:oaep"]),
        (
            "OAEP with SHA-256 but MGF1-SHA-1",
            [
                "-keyopt", "rsa_padding_mode:oaep", "-keyopt", "rsa_oaep_md:sha256", "-keyopt", "rsa_mgf1_md:sha1",
            ]
        ),
    ])
    func keyTransportOtherThanOAEPSHA256IsRefused(name: String, options: [String]) async throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        let der = try await Self.sealedByOpenSSLCLI(for: certificate, options: options)
        #expect(
            CryptoError.code { try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) }
                == .unsupportedKeyTransport, "\(name)")
    }

    // MARK: Refusals

    @Test func wrongKeyForCertificateIsRefused() async throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        let otherKey = try Self.rsaKey()
        #expect(
            CryptoError.code { try CMSEnvelopedData.decrypt(der, key: otherKey, certificate: certificate) }
                == .keyMismatch)
    }

    @Test(arguments: [false, true])
    func messageForAnotherRecipientIsRefused(useEC: Bool) throws {
        let key = useEC ? try Self.ecKey() : try Self.rsaKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        let otherKey = useEC ? try Self.ecKey() : try Self.rsaKey()
        let otherCertificate = try Self.recipient(otherKey, name: "Someone Else")
        let code = CryptoError.code { try CMSEnvelopedData.decrypt(der, key: otherKey, certificate: otherCertificate) }
        #expect(code == .recipientNotFound)
    }

    @Test func tamperedWrappedKeyIsADecryptionFailure() async throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        var der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        // The 256-byte OAEP-wrapped key precedes the encrypted content; flipping a
        // byte in its middle keeps the DER valid and breaks OAEP decoding.
        let wrappedKeyEnd = try #require(Self.endOfLastOctetString(ofLength: 256, in: der))
        der[wrappedKeyEnd - 128] ^= 0x01
        #expect(
            CryptoError.code { try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) }
                == .decryptionFailure)
    }

    /// With the key unwrapped from a corrupted encrypted key, OpenSSL decrypts
    /// the content with a random key (its defence against padding oracles);
    /// under AES-256-CBC that leaves valid padding about once in 256 messages,
    /// and OpenSSL's CMS_decrypt returned the garbage as plaintext. 1,000
    /// messages caught it with probability 98 %.
    @Test func aCorruptedWrappedKeyNeverYieldsPlaintext() async throws {
        let key = try Self.rsaKey()
        let certificate = try Self.recipient(key)
        var der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        let wrappedKeyEnd = try #require(Self.endOfLastOctetString(ofLength: 256, in: der))
        der[wrappedKeyEnd - 128] ^= 0x01
        var outcomes: [String: Int] = [:]
        for _ in 0..<1_000 {
            do {
                _ = try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate)
                outcomes["decrypted", default: 0] += 1
            } catch let error as CryptoError {
                outcomes["\(error.code)", default: 0] += 1
            }
        }
        #expect(outcomes == ["\(CryptoError.Code.decryptionFailure)": 1_000])
    }

    @Test func tamperedGCMContentIsADecryptionFailure() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        var der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate, contentCipher: .aes256GCM)
        // AuthEnvelopedData ends with the encrypted content (as long as the
        // plaintext under GCM) followed by the MAC OCTET STRING (04 10 + 16 bytes).
        #expect(der[der.count - 18] == 0x04 && der[der.count - 17] == 0x10)
        der[der.count - 18 - Self.payload.count / 2] ^= 0x01
        #expect(
            CryptoError.code { try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate) }
                == .decryptionFailure)
    }

    @Test func truncatedAndGarbageInputsAreMalformed() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        for length in [0, 1, 10, der.count / 2, der.count - 1] {
            #expect(
                CryptoError.code {
                    try CMSEnvelopedData.decrypt(der.prefix(length), key: key, certificate: certificate)
                }
                    == .malformed)
        }
        #expect(
            CryptoError.code { try CMSEnvelopedData.decrypt(der + [0], key: key, certificate: certificate) }
                == .malformed)
        for _ in 0..<100 {
            let garbage = (0..<Int.random(in: 1...2000)).map { _ in UInt8.random(in: 0...255) }
            #expect(
                CryptoError.code { try CMSEnvelopedData.decrypt(garbage, key: key, certificate: certificate) }
                    == .malformed)
        }
    }

    @Test func mangledInputsNeverCrashOrYieldAlteredPlaintext() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate, contentCipher: .aes256GCM)
        for _ in 0..<200 {
            var flipped = der
            let bit = Int.random(in: 0..<(der.count * 8))
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            // A flip may land in a field that does not matter to decryption (a
            // length-preserving byte in an unused parameter); GCM guarantees the
            // content is then unchanged. Anything else must be a CMS refusal.
            do {
                let plaintext = try CMSEnvelopedData.decrypt(flipped, key: key, certificate: certificate)
                #expect(plaintext == Self.payload)
            } catch let error as CryptoError {
                #expect(CryptoError.Code.cms.contains(error.code), "\(error)")
            }
        }
    }

    @Test func oversizeInputIsRefusedBeforeParsing() async throws {
        let key = try Self.ecKey()
        let certificate = try Self.recipient(key)
        let big = [UInt8](repeating: 0x30, count: CMSEnvelopedData.defaultMaximumInputSize + 1)
        let oversize = CryptoError.code { try CMSEnvelopedData.decrypt(big, key: key, certificate: certificate) }
        #expect(oversize == .inputTooLarge)
        let der = try CMSEnvelopedData.encrypt(Self.payload, for: certificate)
        let code = CryptoError.code {
            try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate, maximumInputSize: 64)
        }
        #expect(code == .inputTooLarge)
    }

    @Test func nonEnvelopedContentIsRefused() async throws {
        let key = try AnyPrivateKey(pemRepresentation: FixtureFiles.text("cms", "ec-key.pem"))
        let certificate = try Certificate(pemRepresentation: FixtureFiles.text("cms", "ec-cert.pem"))
        let data = try FixtureFiles.data("cms", "data-content.der")
        #expect(
            CryptoError.code { try CMSEnvelopedData.decrypt(data, key: key, certificate: certificate) }
                == .unsupportedContentType)
    }

    @Test func p384RecipientIsRefused() async throws {
        let appleRoot = try TrustAnchors.appleRootCAG3
        #expect(
            CryptoError.code { try CMSEnvelopedData.encrypt(Self.payload, for: appleRoot) } == .unsupportedRecipientKey)
    }

    /// Index just past the last DER OCTET STRING (04 82 hi lo) of `length` bytes.
    static func endOfLastOctetString(ofLength length: Int, in der: [UInt8]) -> Int? {
        let header: [UInt8] = [0x04, 0x82, UInt8(length >> 8), UInt8(length & 0xFF)]
        guard der.count >= header.count else { return nil }
        for start in stride(from: der.count - header.count, through: 0, by: -1)
        where Array(der[start..<(start + header.count)]) == header && start + 4 + length <= der.count {
            return start + 4 + length
        }
        return nil
    }
}
