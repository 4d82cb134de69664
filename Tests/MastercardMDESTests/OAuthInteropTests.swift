import Foundation
import ProvisioningCrypto
import TestSupport
import Testing

@testable import MastercardMDES

/// The Swift signer against Mastercard's own (`mastercard-oauth1-signer`, in
/// .venv): the same request, key, nonce and timestamp give the same header,
/// and the sandbox's verifier accepts what Mastercard's signer makes.
@Suite(.timeLimit(.minutes(3))) struct OAuthInteropTests {
    static let key = Result { try RSA.PrivateKey(bits: 2048) }

    struct Case: Sendable, CustomTestStringConvertible {
        var method: String
        var url: String
        var body: String
        var consumerKey: String
        var testDescription: String { "\(method) \(url)" }
    }

    static let cases: [Case] = [
        Case(
            method: "POST", url: "https://api.mastercard.com/mdes/csapi/v2/token/suspend",
            body:
                #"{"TokenSuspendRequest":{"TokenUniqueReference":"DWSPMC000000000132d72d4fcb2f4136a0532d3093ff1a45"}}"#,
            consumerKey:
                "L5BsiPgaF-O3qA36znUATgQXwJB6MRoMSdhjd7wt50c97279!50596e52466e3966546d434b7354584c4975693238513d3d"),
        Case(method: "GET", url: "https://api.mastercard.com/mdes/csapi/v2/systemstatus", body: "", consumerKey: "k!1"),
        Case(
            method: "POST", url: "http://127.0.0.1:8080/mdes/csapi/v2/search?Format=JSON",
            body: #"{"SearchRequest":{"AuditInfo":{"UserName":"Zoë Ñandú"}}}"#, consumerKey: "sandbox-key!bank"),
        Case(
            method: "POST", url: "https://API.Mastercard.com:443/mdes/csapi/v2/token/delete?b=x%20y&a=%21",
            body: "{}", consumerKey: "a+b/c=d"),
    ]

    static func mastercard(_ test: Case, nonce: String, timestamp: Int) async throws -> String {
        let (passed, answer) = try await InteropPython.check(
            "mdes/oauth_sign.py",
            input: [
                "method": test.method, "url": test.url, "body_base64": Base64.encode(Array(test.body.utf8)),
                "consumer_key": test.consumerKey, "key_pem": try key.get().pemRepresentation, "nonce": nonce,
                "timestamp": timestamp,
            ])
        guard passed, let header = answer["authorization"] as? String else {
            throw InteropPython.Failure(description: "oauth_sign.py: \(answer)")
        }
        return header
    }

    @Test(arguments: cases)
    func theSwiftSignerWritesTheHeaderMastercardsSignerWrites(test: Case) async throws {
        let timestamp = 1_764_000_000
        let expected = try await Self.mastercard(test, nonce: "Xy7Qa0Lm3Np5Rt9V", timestamp: timestamp)
        let swift = try OAuthSigner(consumerKey: test.consumerKey, signingKey: Self.key.get()).authorization(
            method: test.method, url: try #require(URL(string: test.url)), body: Array(test.body.utf8),
            nonce: "Xy7Qa0Lm3Np5Rt9V", timestamp: Date(timeIntervalSince1970: TimeInterval(timestamp)))
        #expect(swift == expected)
    }

    @Test func theVerifierAcceptsMastercardsHeadersAndRefusesTamperedOnes() async throws {
        let test = Self.cases[0]
        let url = try #require(URL(string: test.url))
        let verifier = OAuthVerifier(consumers: [test.consumerKey: try Self.key.get().publicKey])
        let now = Date()
        let header = try await Self.mastercard(
            test, nonce: "nonce0000000001a", timestamp: Int(now.timeIntervalSince1970))
        #expect(
            try verifier.verify(
                authorization: header, method: test.method, url: url, body: Array(test.body.utf8), now: now)
                == test.consumerKey)

        let fresh = try await Self.mastercard(
            test, nonce: "nonce0000000002b", timestamp: Int(now.timeIntervalSince1970))
        // One character of the signature changed.
        let signatureStart = try #require(fresh.range(of: "oauth_signature=\"")).upperBound
        var tampered = fresh
        let flipped: Character = tampered[signatureStart] == "A" ? "B" : "A"
        tampered.replaceSubrange(signatureStart...signatureStart, with: String(flipped))
        #expect {
            try verifier.verify(
                authorization: tampered, method: test.method, url: url, body: Array(test.body.utf8), now: now)
        } throws: { ($0 as? MDESError)?.code == .signatureInvalid }
        // The header of one body on another.
        #expect {
            try verifier.verify(authorization: fresh, method: test.method, url: url, body: Array("{}".utf8), now: now)
        } throws: { ($0 as? MDESError)?.code == .bodyHashMismatch }
    }
}
