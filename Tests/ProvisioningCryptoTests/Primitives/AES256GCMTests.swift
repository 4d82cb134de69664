import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct AES256GCMTests {
    struct Vectors: Decodable {
        struct Case: Decodable {
            let name: String
            let key: String
            let iv: String
            let aad: String
            let plaintext: String
            let ciphertext: String
            let tag: String
        }
        let cases: [Case]
    }

    struct Vector {
        let name: String
        let key, iv, aad, plaintext, ciphertext, tag: [UInt8]
    }

    static func vectors() throws -> [Vector] {
        try PrimitivesFixtures.load(Vectors.self, "aes256gcm-gcm-spec").cases.map {
            Vector(
                name: $0.name, key: try PrimitivesFixtures.bytes(hex: $0.key),
                iv: try PrimitivesFixtures.bytes(hex: $0.iv), aad: try PrimitivesFixtures.bytes(hex: $0.aad),
                plaintext: try PrimitivesFixtures.bytes(hex: $0.plaintext),
                ciphertext: try PrimitivesFixtures.bytes(hex: $0.ciphertext),
                tag: try PrimitivesFixtures.bytes(hex: $0.tag))
        }
    }

    @Test func sealMatchesGCMSpecificationTestCases() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count == 5)
        #expect(vectors.map(\.name).prefix(4) == ["13", "14", "15", "16"])
        for vector in vectors {
            let sealed = try AES256GCM.seal(vector.plaintext, key: vector.key, iv: vector.iv, aad: vector.aad)
            #expect(sealed.ciphertext == vector.ciphertext, "test case \(vector.name) ciphertext")
            #expect(sealed.tag == vector.tag, "test case \(vector.name) tag")
            let combined = try AES256GCM.sealCombined(vector.plaintext, key: vector.key, iv: vector.iv, aad: vector.aad)
            #expect(combined == vector.ciphertext + vector.tag)
        }
    }

    @Test func openRecoversGCMSpecificationPlaintexts() throws {
        for vector in try Self.vectors() {
            let opened = try AES256GCM.open(
                vector.ciphertext, tag: vector.tag, key: vector.key, iv: vector.iv, aad: vector.aad)
            #expect(opened == vector.plaintext, "test case \(vector.name)")
            let combined = try AES256GCM.openCombined(
                vector.ciphertext + vector.tag, key: vector.key, iv: vector.iv, aad: vector.aad)
            #expect(combined == vector.plaintext)
        }
    }

    @Test func anyTamperingIsAnAuthenticationFailure() throws {
        let vector = try #require(try Self.vectors().first { $0.name == "16" })
        let failure = CryptoError(.authenticationFailure, "AES-GCM authentication failed")
        var tag = vector.tag
        tag[0] ^= 0x80
        #expect(throws: failure) {
            try AES256GCM.open(vector.ciphertext, tag: tag, key: vector.key, iv: vector.iv, aad: vector.aad)
        }
        var ciphertext = vector.ciphertext
        ciphertext[5] ^= 1
        #expect(throws: failure) {
            try AES256GCM.open(ciphertext, tag: vector.tag, key: vector.key, iv: vector.iv, aad: vector.aad)
        }
        #expect(throws: failure) {
            try AES256GCM.open(vector.ciphertext, tag: vector.tag, key: vector.key, iv: vector.iv, aad: [])
        }
        var key = vector.key
        key[31] ^= 1
        #expect(throws: failure) {
            try AES256GCM.open(vector.ciphertext, tag: vector.tag, key: key, iv: vector.iv, aad: vector.aad)
        }
        #expect(throws: failure) {
            try AES256GCM.open(vector.ciphertext, tag: Array(vector.tag.prefix(12)), key: vector.key, iv: vector.iv)
        }
        #expect(throws: failure) { try AES256GCM.openCombined([1, 2, 3], key: vector.key, iv: vector.iv) }
    }

    @Test func wrongKeyAndShortIVAreRefusedAsArguments() throws {
        let key = try SecureRandom.bytes(count: 32)
        #expect(
            CryptoError.code {
                try AES256GCM.seal([1], key: Array(key.prefix(16)), iv: [UInt8](repeating: 0, count: 12))
            } == .invalidArgument)
        #expect(
            CryptoError.code { try AES256GCM.seal([1], key: key, iv: [UInt8](repeating: 0, count: 8)) }
                == .invalidArgument)
        do {
            _ = try AES256GCM.seal([1], key: key, iv: [UInt8](repeating: 0, count: 11))
            Issue.record("an 11-byte IV was accepted")
        } catch let error as CryptoError {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func randomRoundTripsWithLongIV() throws {
        let key = try SecureRandom.bytes(count: 32)
        for length in [0, 1, 15, 16, 17, 1000] {
            let plaintext = try SecureRandom.bytes(count: length)
            let iv = try SecureRandom.bytes(count: length % 2 == 0 ? 12 : 32)
            let sealed = try AES256GCM.sealCombined(plaintext, key: key, iv: iv, aad: [9, 9])
            #expect(sealed.count == length + 16)
            #expect(try AES256GCM.openCombined(sealed, key: key, iv: iv, aad: [9, 9]) == plaintext)
        }
    }
}
