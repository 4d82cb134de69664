import Foundation
import TPCDemo
import Testing

@testable import ProvisioningCrypto

/// Reading the private key of a PKCS #12 file (what Mastercard's developer
/// portal hands out with a signing certificate), against files the `openssl`
/// command line makes at test time.
@Suite(.timeLimit(.minutes(3))) struct PKCS12Tests {
    static let password = "p12-test-pass"

    /// A folder with `key.pem`, `cert.pem` (self-signed) and the PKCS #12
    /// files `modern.p12` (OpenSSL 3's default: AES-256, PBKDF2),
    /// `legacy.p12` (`-legacy`: RC2 and 3DES, as older tools write) and
    /// `3des.p12` (3DES bags, SHA-1 MAC, as Java's keytool long wrote).
    static func files(keyBits: Int = 2048) async throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pkcs12-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let commands: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:\(keyBits)", "-nodes", "-keyout", "key.pem", "-out", "cert.pem",
                "-subj", "/CN=MDES signing", "-days", "1",
            ],
            [
                "pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "modern.p12", "-passout",
                "pass:\(password)",
            ],
            [
                "pkcs12", "-export", "-legacy", "-inkey", "key.pem", "-in", "cert.pem", "-out", "legacy.p12",
                "-passout", "pass:\(password)",
            ],
            [
                "pkcs12", "-export", "-certpbe", "PBE-SHA1-3DES", "-keypbe", "PBE-SHA1-3DES", "-macalg", "sha1",
                "-inkey", "key.pem", "-in", "cert.pem", "-out", "3des.p12", "-passout", "pass:\(password)",
            ],
        ]
        for command in commands {
            let result = try await ChildProcess.run(["openssl"] + command, directory: directory.path)
            guard result.exit == .exited(0) else {
                throw CryptoError(.internalFailure, "openssl \(command[0]) failed: \(result.errorText)")
            }
        }
        return directory
    }

    @Test func theKeyOfAPKCS12FileIsTheKeyItWasMadeFrom() async throws {
        let directory = try await Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pem = try String(contentsOf: directory.appendingPathComponent("key.pem"), encoding: .utf8)
        let expected = try RSA.PrivateKey(pemRepresentation: pem)
        let p12 = [UInt8](try Data(contentsOf: directory.appendingPathComponent("modern.p12")))
        let key = try RSA.PrivateKey(pkcs12: p12, password: Self.password)
        #expect(key.publicKey == expected.publicKey)
        #expect(key.keySizeInBits == 2048)
        let tripleDES = [UInt8](try Data(contentsOf: directory.appendingPathComponent("3des.p12")))
        #expect(try RSA.PrivateKey(pkcs12: tripleDES, password: Self.password).publicKey == expected.publicKey)
        // It signs: the PEM's public key verifies.
        let message = Array("oauth base string".utf8)
        let signature = try key.signature(for: message, padding: .pkcs1v15SHA256)
        #expect(expected.publicKey.isValidSignature(signature, for: message, padding: .pkcs1v15SHA256))
    }

    @Test func aWrongPasswordOrGarbageIsRefusedWithoutNamingThePassword() async throws {
        let directory = try await Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let p12 = [UInt8](try Data(contentsOf: directory.appendingPathComponent("modern.p12")))
        let wrong = #expect(throws: CryptoError.self) {
            try RSA.PrivateKey(pkcs12: p12, password: "not-the-password")
        }
        #expect(wrong?.code == .invalidEncoding)
        #expect(wrong.map { !"\($0)".contains("not-the-password") } == true)
        #expect(
            CryptoError.code { try RSA.PrivateKey(pkcs12: Array(p12.prefix(100)), password: Self.password) }
                == .invalidEncoding)
        #expect(CryptoError.code { try RSA.PrivateKey(pkcs12: [], password: Self.password) } == .invalidEncoding)
    }

    /// RC2, which `-legacy` files use, is only in OpenSSL's legacy provider,
    /// which the service does not load: such a file is refused, and
    /// docs/networks.md says how to convert it.
    @Test func aLegacyRC2FileIsRefused() async throws {
        let directory = try await Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let p12 = [UInt8](try Data(contentsOf: directory.appendingPathComponent("legacy.p12")))
        #expect(CryptoError.code { try RSA.PrivateKey(pkcs12: p12, password: Self.password) } == .invalidEncoding)
    }
}
