import Foundation
import ProvisioningAPI
import Testing

@testable import ProvisioningService

/// The fast reader of add-card bodies must never disagree with `JSONDecoder`:
/// what it reads, the decoder decodes to the same value; what it cannot read,
/// it leaves to the decoder (which then reports the problem).
@Suite(.timeLimit(.minutes(3))) struct ProvisioningRequestReaderTests {
    static let full = ApplePayProvisioningRequest(
        scheme: "visa", productId: "P-1", auxiliaryScheme: "mastercard", encryptedPayload: "TUlJQ0FB",
        authorizationCode: "eyJ.a.b", certificateChain: [Data([0x30, 0x82, 0x01]), Data([0x30, 0x03, 0xFF, 0xEE])],
        nonce: Data([1, 2, 3, 4]), nonceSignature: Data(repeating: 0xAB, count: 71),
        primaryAccountIdentifier: "V-1234", encryptionScheme: .eccV2)
    static let minimal = ApplePayProvisioningRequest(
        scheme: "AMEX", encryptedPayload: "", authorizationCode: "c", certificateChain: [], nonce: Data(),
        nonceSignature: Data([0]))

    static func decoded(_ body: [UInt8]) -> ApplePayProvisioningRequest? {
        try? JSONDecoder.provisioningAPI.decode(ApplePayProvisioningRequest.self, from: Data(body))
    }

    @Test(arguments: [full, minimal])
    func readsWhatTheEncoderWroteAsTheDecoderDoes(request: ApplePayProvisioningRequest) throws {
        let body = Array(try JSONEncoder.provisioningAPI.encode(request))
        let read = try #require(ProvisioningRequestReader.read(body))
        #expect(read == request)
        #expect(read == Self.decoded(body))
    }

    @Test(arguments: [
        #"{"scheme":"VISA","encryptedPayload":"x","authorizationCode":"c","certificateChain":[],"nonce":"AA==","nonceSignature":"AA==","productId":null,"encryptionScheme":null}"#,
        #"{"scheme":"discover","encryptedPayload":"x","authorizationCode":"c","certificateChain":["AAE="],"nonce":"AA==","nonceSignature":"AA==","encryptionScheme":"ev_ecc_V2"}"#,
    ])
    func readsValidBodiesWithNullsAndCaseAsTheDecoderDoes(body: String) throws {
        let read = try #require(ProvisioningRequestReader.read(Array(body.utf8)))
        #expect(read == Self.decoded(Array(body.utf8)))
    }

    static let base =
        #"{"scheme":"VISA","encryptedPayload":"x","authorizationCode":"c","certificateChain":["AAE="],"nonce":"AA==","nonceSignature":"AA=="#

    @Test(arguments: [
        base + #"","scheme":"AMEX"}"#,  // duplicate member: the decoder decides
        base + #"","productId":7}"#,  // mistyped optional
        base + #"","encryptionScheme":"RSA_V1"}"#,  // unknown encryption scheme
        base + #"","extra":{"ignored":[1,2]}}"#,  // a member the contract does not define
        #"{"scheme":"VISA","encryptedPayload":"x","authorizationCode":"c","certificateChain":["AAE"],"nonce":"AA==","nonceSignature":"AA=="}"#,
        #"{"scheme":"VISA","encryptedPayload":"x","authorizationCode":"c","certificateChain":"AAE=","nonce":"AA==","nonceSignature":"AA=="}"#,
        #"{"scheme":null,"encryptedPayload":"x","authorizationCode":"c","certificateChain":[],"nonce":"AA==","nonceSignature":"AA=="}"#,
        #"{"encryptedPayload":"x","authorizationCode":"c","certificateChain":[],"nonce":"AA==","nonceSignature":"AA=="}"#,
        #"{"scheme":"VISA","encryptedPayload":"x","authorizationCode":"c","certificateChain":[],"nonce":"A A==","nonceSignature":"AA=="}"#,
        #"["scheme"]"#, "", "{",
    ])
    func leavesEverythingElseToTheDecoder(body: String) {
        #expect(ProvisioningRequestReader.read(Array(body.utf8)) == nil)
    }

    /// Byte mutations of a valid body (deterministic): the reader only ever
    /// returns what the decoder returns.
    @Test func neverDisagreesWithTheDecoderOnMutatedBodies() throws {
        let valid = Array(try JSONEncoder.provisioningAPI.encode(Self.full))
        let alphabet = Array(#"{}[]":,=+/AZaz09 \n"#.utf8) + [0x00, 0xC3]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            // xorshift64*: deterministic, so a failing round can be replayed.
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33)
        }
        var read = 0
        for round in 0..<3000 {
            var body = valid
            for _ in 0...(next() % 2) {
                let position = next() % body.count
                switch next() % 3 {
                case 0: body[position] = alphabet[next() % alphabet.count]
                case 1: body.remove(at: position)
                default: body.insert(alphabet[next() % alphabet.count], at: position)
                }
            }
            if let fast = ProvisioningRequestReader.read(body) {
                read += 1
                #expect(fast == Self.decoded(body), "round \(round)")
            }
        }
        #expect(read > 100)
    }

    /// The reader's own list of members is the contract's: a member the
    /// document adds is read, one it does not define sends the body to the
    /// decoder, which refuses it.
    @Test func theMembersReadAreTheContractsMembers() throws {
        let document = try JSONSerialization.jsonObject(with: OpenAPIDocument.data()) as? [String: Any]
        let schemas = (document?["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let schema = try #require(schemas?["ApplePayProvisioningRequest"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ProvisioningRequestReader.members)
        #expect(schema["additionalProperties"] as? Bool == false)
    }

    @Test func aMemberOutsideTheContractLeavesTheBodyToTheDecoder() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder.provisioningAPI.encode(Self.full)) as? [String: Any])
        object["cvv"] = "000"
        #expect(ProvisioningRequestReader.read(Array(try JSONSerialization.data(withJSONObject: object))) == nil)
    }

}
