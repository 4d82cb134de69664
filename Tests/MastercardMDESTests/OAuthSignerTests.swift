import Foundation
import ProvisioningCrypto
import Testing

@testable import MastercardMDES

@Suite(.timeLimit(.minutes(3))) struct OAuthSignerTests {
    static let key = Result { try RSA.PrivateKey(bits: 2048) }
    static let url = URL(string: "https://api.mastercard.com/mdes/csapi/v2/token/suspend")!
    static let body = Array(#"{"TokenSuspendRequest":{"TokenUniqueReference":"DWSPMC0001"}}"#.utf8)

    static func verifier() throws -> OAuthVerifier {
        OAuthVerifier(consumers: ["abc!123": try key.get().publicKey])
    }

    static func header(
        url: URL = url, body: [UInt8] = body, nonce: String? = nil, at date: Date = Date()
    ) throws
        -> String
    {
        try OAuthSigner(consumerKey: "abc!123", signingKey: key.get()).authorization(
            method: "POST", url: url, body: body, nonce: nonce, timestamp: date)
    }

    @Test func percentEncodingKeepsOnlyUnreservedCharacters() {
        #expect(OAuthParameters.percentEncode("a-._~Z9") == "a-._~Z9")
        #expect(OAuthParameters.percentEncode("a b!*'()") == "a%20b%21%2A%27%28%29")
        #expect(OAuthParameters.percentEncode("é") == "%C3%A9")
    }

    @Test func theHeaderListsTheParametersInTheReferenceSignersOrder() throws {
        let header = try Self.header(nonce: "n0nce1234567890A", at: Date(timeIntervalSince1970: 1_700_000_000))
        let names = header.dropFirst("OAuth ".count).split(separator: ",").map { $0.prefix { $0 != "=" } }
        #expect(
            names == [
                "oauth_consumer_key", "oauth_nonce", "oauth_timestamp", "oauth_signature_method", "oauth_version",
                "oauth_body_hash", "oauth_signature",
            ])
        #expect(header.contains(#"oauth_consumer_key="abc!123""#))
        #expect(header.contains(#"oauth_timestamp="1700000000""#))
        #expect(header.contains(#"oauth_signature_method="RSA-SHA256""#))
    }

    @Test func aSignedRequestVerifiesOnceAndItsNonceCannotBeReplayed() throws {
        let verifier = try Self.verifier()
        let header = try Self.header()
        #expect(
            try verifier.verify(authorization: header, method: "POST", url: Self.url, body: Self.body, now: Date())
                == "abc!123")
        #expect {
            try verifier.verify(authorization: header, method: "POST", url: Self.url, body: Self.body, now: Date())
        } throws: { ($0 as? MDESError)?.code == .nonceReplayed }
    }

    @Test func aChangedBodyURLOrMethodIsRefused() throws {
        let verifier = try Self.verifier()
        #expect {
            try verifier.verify(
                authorization: try Self.header(), method: "POST", url: Self.url, body: Self.body + [0x20], now: Date())
        } throws: { ($0 as? MDESError)?.code == .bodyHashMismatch }
        #expect {
            try verifier.verify(
                authorization: try Self.header(), method: "POST",
                url: URL(string: "https://api.mastercard.com/mdes/csapi/v2/token/delete")!, body: Self.body,
                now: Date())
        } throws: { ($0 as? MDESError)?.code == .signatureInvalid }
        #expect {
            try verifier.verify(
                authorization: try Self.header(), method: "PUT", url: Self.url, body: Self.body, now: Date())
        } throws: { ($0 as? MDESError)?.code == .signatureInvalid }
    }

    @Test func anOldTimestampAnUnknownConsumerAndAnotherKeyAreRefused() throws {
        let verifier = try Self.verifier()
        #expect {
            try verifier.verify(
                authorization: try Self.header(at: Date().addingTimeInterval(-600)), method: "POST", url: Self.url,
                body: Self.body, now: Date())
        } throws: { ($0 as? MDESError)?.code == .timestampOutOfWindow }
        let stranger = try OAuthSigner(consumerKey: "other", signingKey: Self.key.get()).authorization(
            method: "POST", url: Self.url, body: Self.body)
        #expect {
            try verifier.verify(authorization: stranger, method: "POST", url: Self.url, body: Self.body, now: Date())
        } throws: { ($0 as? MDESError)?.code == .consumerUnknown }
        let forged = try OAuthSigner(consumerKey: "abc!123", signingKey: try RSA.PrivateKey(bits: 2048)).authorization(
            method: "POST", url: Self.url, body: Self.body)
        #expect {
            try verifier.verify(authorization: forged, method: "POST", url: Self.url, body: Self.body, now: Date())
        } throws: { ($0 as? MDESError)?.code == .signatureInvalid }
    }

    @Test(arguments: [
        "", "Bearer abc", #"OAuth oauth_consumer_key="abc!123",oauth_consumer_key="abc!123""#,
        #"OAuth oauth_consumer_key=abc"#,
    ])
    func aMalformedHeaderIsRefused(header: String) throws {
        #expect {
            try Self.verifier().verify(
                authorization: header, method: "POST", url: Self.url, body: Self.body, now: Date())
        } throws: { ($0 as? MDESError)?.code == .authorizationMalformed }
    }

    @Test func theBaseStringKeepsTheReferenceSignersRules() throws {
        var parameters = OAuthParameters(consumerKey: "k!1", nonce: "n", timestamp: "1", bodyHash: "a+b/c=")
        parameters.version = "1.0"
        let base = try parameters.signatureBaseString(
            method: "post", url: URL(string: "HTTPS://API.Example.com:443/x?b=2&a=1")!)
        #expect(base.hasPrefix("POST&https%3A%2F%2Fapi.example.com%2Fx&"))
        #expect(base.contains("a%3D1%26b%3D2%26oauth_body_hash%3Da%2Bb%2Fc%3D%26oauth_consumer_key%3Dk%211"))
    }
}
