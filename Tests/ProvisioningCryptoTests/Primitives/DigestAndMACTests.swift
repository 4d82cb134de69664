import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct DigestAndMACTests {
    struct HMACVectors: Decodable {
        struct Case: Decodable {
            let name: String
            let key: String
            let data: String
            let mac: String
        }
        let cases: [Case]
    }

    @Test func sha256MatchesFIPS180AbcVector() throws {
        let digest = try SHA256.hash(data: Array("abc".utf8))
        #expect(
            PrimitivesFixtures.hex(digest) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func sha384MatchesFIPS180AbcVector() throws {
        let digest = try SHA384.hash(data: Array("abc".utf8))
        #expect(
            PrimitivesFixtures.hex(digest)
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
    }

    @Test func emptyInputHashes() throws {
        #expect(
            PrimitivesFixtures.hex(try SHA256.hash(data: []))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func incrementalHashEqualsOneShotAndCopiesFork() throws {
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        var hasher = try IncrementalHasher<SHA256>()
        try hasher.update(Array(message[..<10]))
        var fork = hasher
        try hasher.update(Array(message[10...]))
        #expect(try hasher.finalize() == SHA256.hash(data: message))
        try fork.update(Array("xyz".utf8))
        #expect(try fork.finalize() == SHA256.hash(data: Array(message[..<10]) + Array("xyz".utf8)))
        // finalize does not consume: the original is still usable.
        #expect(try hasher.finalize() == SHA256.hash(data: message))
    }

    @Test func hmacSHA256MatchesRFC4231() throws {
        let vectors = try PrimitivesFixtures.load(HMACVectors.self, "hmac-sha256-rfc4231")
        #expect(vectors.cases.count == 7)
        for vector in vectors.cases {
            let key = try PrimitivesFixtures.bytes(hex: vector.key)
            let data = try PrimitivesFixtures.bytes(hex: vector.data)
            let expected = try PrimitivesFixtures.bytes(hex: vector.mac)
            let mac = try HMACSHA256.authenticationCode(for: data, key: key)
            #expect(mac.count == 32)
            // Test case 5 publishes only the first 128 bits.
            #expect(Array(mac.prefix(expected.count)) == expected, "RFC 4231 case \(vector.name)")
            if expected.count == 32 {
                #expect(HMACSHA256.isValidAuthenticationCode(expected, for: data, key: key))
            }
        }
    }

    @Test func hmacRefusesTamperedOrTruncatedCodes() throws {
        let key = Array("key".utf8)
        let message = Array("message".utf8)
        var code = try HMACSHA256.authenticationCode(for: message, key: key)
        #expect(HMACSHA256.isValidAuthenticationCode(code, for: message, key: key))
        #expect(!HMACSHA256.isValidAuthenticationCode(Array(code.prefix(16)), for: message, key: key))
        #expect(!HMACSHA256.isValidAuthenticationCode(code, for: message + [0], key: key))
        // (Appending a zero byte would not do: HMAC zero-pads short keys.)
        #expect(!HMACSHA256.isValidAuthenticationCode(code, for: message, key: key + [1]))
        code[31] ^= 1
        #expect(!HMACSHA256.isValidAuthenticationCode(code, for: message, key: key))
    }

    @Test func hmacAcceptsAnEmptyKeyAndMessage() throws {
        // HMAC-SHA256("", "") is a well-known constant.
        let mac = try HMACSHA256.authenticationCode(for: [], key: [])
        #expect(
            PrimitivesFixtures.hex(mac) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func constantTimeEqualityComparesContentAndLength() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([], [0]))
        #expect(ConstantTime.equals([], []))
    }

    @Test func secureRandomGivesRequestedLengthsAndDistinctDraws() throws {
        #expect(try SecureRandom.bytes(count: 0).isEmpty)
        let first = try SecureRandom.bytes(count: 32)
        let second = try SecureRandom.bytes(count: 32)
        #expect(first.count == 32)
        #expect(first != second)
        #expect(CryptoError.code { try SecureRandom.bytes(count: -1) } == .invalidArgument)
    }
}
