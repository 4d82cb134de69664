import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct RSATests {
    /// One key for the suite: RSA generation is the slow part.
    static let key: RSA.PrivateKey? = try? RSA.PrivateKey(bits: 2048)

    @Test func oaepRoundTrips() async throws {
        let key = try #require(Self.key)
        let plaintext = try SecureRandom.bytes(count: 32)
        let ciphertext = try key.publicKey.encrypt(plaintext, padding: .oaepSHA256)
        #expect(ciphertext.count == 256)
        #expect(try key.decrypt(ciphertext, padding: .oaepSHA256) == plaintext)
        // Randomised: the same plaintext encrypts differently.
        #expect(try key.publicKey.encrypt(plaintext) != ciphertext)
        let longest = try SecureRandom.bytes(count: key.publicKey.maximumPlaintextByteCount())
        #expect(try key.decrypt(key.publicKey.encrypt(longest)) == longest)
        #expect(CryptoError.code { try key.publicKey.encrypt(longest + [0]) } == .invalidArgument)
    }

    @Test func everyOAEPFailureIsTheSameError() async throws {
        let key = try #require(Self.key)
        let ciphertext = try key.publicKey.encrypt(Array("secret".utf8))
        let failure = CryptoError(.decryptionFailure, "RSA-OAEP decryption failed")
        var tampered = ciphertext
        tampered[100] ^= 1
        #expect(throws: failure) { try key.decrypt(tampered) }
        #expect(throws: failure) { try key.decrypt(Array(ciphertext.dropFirst())) }
        #expect(throws: failure) { try key.decrypt([UInt8](repeating: 0xff, count: 256)) }
        #expect(throws: failure) { try key.decrypt([]) }
        let other = try RSA.PrivateKey(bits: 2048)
        #expect(throws: failure) { try other.decrypt(ciphertext) }
    }

    @Test func oaepInteroperatesWithOpenSSLPkeyutl() async throws {
        let key = try #require(Self.key)
        let directory = try PrimitivesFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let publicFile = directory.appendingPathComponent("pub.pem")
        try Data(key.publicKey.pemRepresentation.utf8).write(to: publicFile)
        let plaintext = try SecureRandom.bytes(count: 48)
        let ciphertext = try await PrimitivesFixtures.openssl(
            [
                "pkeyutl", "-encrypt", "-pubin", "-inkey", publicFile.path,
                "-pkeyopt", "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:sha256", "-pkeyopt", "rsa_mgf1_md:sha256",
            ], input: Data(plaintext))
        #expect(try key.decrypt(Array(ciphertext)) == plaintext)
    }

    @Test func pkcs1AndPSSRoundTripAndDoNotCrossVerify() async throws {
        let key = try #require(Self.key)
        let message = Array("signed".utf8)
        let pkcs1 = try key.signature(for: message, padding: .pkcs1v15SHA256)
        let pss = try key.signature(for: message, padding: .pssSHA256)
        #expect(key.publicKey.isValidSignature(pkcs1, for: message, padding: .pkcs1v15SHA256))
        #expect(key.publicKey.isValidSignature(pss, for: message, padding: .pssSHA256))
        #expect(!key.publicKey.isValidSignature(pkcs1, for: message, padding: .pssSHA256))
        #expect(!key.publicKey.isValidSignature(pss, for: message, padding: .pkcs1v15SHA256))
        #expect(!key.publicKey.isValidSignature(pss, for: message + [0], padding: .pssSHA256))
        // PKCS#1 v1.5 is deterministic, PSS is salted.
        #expect(try key.signature(for: message, padding: .pkcs1v15SHA256) == pkcs1)
        #expect(try key.signature(for: message, padding: .pssSHA256) != pss)
        #expect(!key.publicKey.isValidSignature([], for: message, padding: .pssSHA256))
    }

    @Test func pssVerificationRequiresDigestLengthSalt() async throws {
        let key = try #require(Self.key)
        let directory = try PrimitivesFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("key.pem")
        try Data(key.pemRepresentation.utf8).write(to: keyFile)
        let message = Data("pss interop".utf8)
        func cliSignature(saltLength: String) async throws -> [UInt8] {
            Array(
                try await PrimitivesFixtures.openssl(
                    [
                        "dgst", "-sha256", "-sign", keyFile.path, "-sigopt", "rsa_padding_mode:pss",
                        "-sigopt", "rsa_pss_saltlen:\(saltLength)", "-sigopt", "rsa_mgf1_md:sha256",
                    ], input: message))
        }
        let digestLengthSalt = try await cliSignature(saltLength: "32")
        let shortSalt = try await cliSignature(saltLength: "20")
        #expect(key.publicKey.isValidSignature(digestLengthSalt, for: Array(message), padding: .pssSHA256))
        #expect(!key.publicKey.isValidSignature(shortSalt, for: Array(message), padding: .pssSHA256))
    }

    @Test func publicComponentsRoundTrip() async throws {
        let key = try #require(Self.key).publicKey
        let rebuilt = try RSA.PublicKey(modulus: key.modulus, publicExponent: key.publicExponent)
        #expect(rebuilt == key)
        #expect(try key.publicExponent == [0x01, 0x00, 0x01])
        #expect(try key.modulus.count == 256)
        #expect(
            CryptoError.code {
                try RSA.PublicKey(modulus: Array(key.modulus.prefix(128)), publicExponent: [1, 0, 1])
            } == .invalidKey)
        #expect(CryptoError.code { try RSA.PublicKey(modulus: key.modulus, publicExponent: [2]) } == .invalidKey)
        #expect(CryptoError.code { try RSA.PublicKey(modulus: [], publicExponent: [3]) } == .invalidKey)
    }
}
