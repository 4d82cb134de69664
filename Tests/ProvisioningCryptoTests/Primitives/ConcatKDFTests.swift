import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct ConcatKDFTests {
    @Test func oneBlockIsSHA256OfCounterSecretAndOtherInfo() async throws {
        let secret = try SecureRandom.bytes(count: 32)
        let otherInfo = Array("\u{0D}id-aes256-GCMApple".utf8) + (try SecureRandom.bytes(count: 32))
        let derived = try ConcatKDF.deriveKey(sharedSecret: secret, otherInfo: otherInfo, outputByteCount: 32)
        #expect(derived == (try SHA256.hash(data: [0, 0, 0, 1] + secret + otherInfo)))
    }

    @Test func secondBlockUsesCounterTwo() async throws {
        let secret = try SecureRandom.bytes(count: 32)
        let info: [UInt8] = [1, 2, 3]
        let derived = try ConcatKDF.deriveKey(sharedSecret: secret, otherInfo: info, outputByteCount: 40)
        let first = try SHA256.hash(data: [0, 0, 0, 1] + secret + info)
        let second = try SHA256.hash(data: [0, 0, 0, 2] + secret + info)
        #expect(derived == first + second.prefix(8))
    }

    @Test func agreesWithTheOpenSSLCommandLine() async throws {
        for (secretLength, infoLength, outputLength) in [(32, 54, 32), (32, 0, 32), (17, 3, 80)] {
            let secret = try SecureRandom.bytes(count: secretLength)
            let info = try SecureRandom.bytes(count: infoLength)
            var arguments = [
                "kdf", "-keylen", String(outputLength), "-kdfopt", "digest:SHA256",
                "-kdfopt", "hexkey:" + PrimitivesFixtures.hex(secret),
            ]
            if !info.isEmpty { arguments += ["-kdfopt", "hexinfo:" + PrimitivesFixtures.hex(info)] }
            arguments.append("SSKDF")
            let output = try await PrimitivesFixtures.openssl(arguments)
            // The CLI prints colon-separated hex.
            let text = String(decoding: output, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: ":", with: "")
            let ours = try ConcatKDF.deriveKey(sharedSecret: secret, otherInfo: info, outputByteCount: outputLength)
            #expect(PrimitivesFixtures.hex(ours) == text.lowercased())
        }
    }

    @Test func emptySecretAndBadLengthsAreRefused() {
        #expect(
            CryptoError.code {
                try ConcatKDF.deriveKey(sharedSecret: [], otherInfo: [], outputByteCount: 32)
            } == .invalidArgument)
        #expect(
            CryptoError.code {
                try ConcatKDF.deriveKey(sharedSecret: [1], otherInfo: [], outputByteCount: 0)
            } == .invalidArgument)
        #expect(
            CryptoError.code {
                try ConcatKDF.deriveKey(
                    sharedSecret: [1], otherInfo: [], outputByteCount: ConcatKDF.maximumOutputByteCount + 1)
            } == .invalidArgument)
    }
}
