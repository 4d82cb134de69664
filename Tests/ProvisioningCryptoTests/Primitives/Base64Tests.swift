import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct Base64Tests {
    /// RFC 4648 §10 test vectors.
    static let rfc4648: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test func standardBase64MatchesRFC4648() throws {
        for (plain, encoded) in Self.rfc4648 {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test func base64URLDropsPaddingAndUsesTheURLAlphabet() throws {
        for (plain, encoded) in Self.rfc4648 {
            let unpadded = encoded.replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(Array(plain.utf8)) == unpadded)
            #expect(try Base64URL.decode(unpadded) == Array(plain.utf8))
        }
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64.encode([0xfb, 0xff]) == "+/8=")
        #expect(try Base64URL.decode("-_8") == [0xfb, 0xff])
    }

    @Test func randomBytesRoundTripAndMatchFoundation() throws {
        var generator = PrimitivesFixtures.Garbage(state: 7)
        for _ in 0..<200 {
            let bytes = generator.bytes(maximumCount: 70)
            let standard = Base64.encode(bytes)
            #expect(standard == Data(bytes).base64EncodedString())
            #expect(try Base64.decode(standard) == bytes)
            #expect(try Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test func strictDecodingRefusesSloppyInput() {
        let refusedURL = ["Zg==", "Zm9v\n", " Zm9v", "Zm9v+", "Zm/v", "Z", "Zh", "Zm9=", "Zm9vY", "Zm 9v"]
        for text in refusedURL {
            #expect(
                CryptoError.code {
                    try Base64URL.decode(text)
                } == .invalidEncoding, "base64url accepted \(text.debugDescription)")
        }
        // "Zh==" decodes to "f" only if non-zero trailing bits are ignored.
        let refusedStandard = ["Zg", "Zh==", "Zm9v\r\n", "Zm9v-", "Zg=", "Z===", "====", "Zm=v", "Zm9vYg==Zg=="]
        for text in refusedStandard {
            #expect(
                CryptoError.code { try Base64.decode(text) } == .invalidEncoding,
                "base64 accepted \(text.debugDescription)")
        }
    }
}
