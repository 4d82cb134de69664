import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct ApplePayPassDataTests {
    static let names = [
        "Ana Garcia", "", "O'Brien-Smith / Jr.", "José Ñúñez", "李小龍", "Zoë 🙂", "Say \"hi\"", "back\\slash",
        "tab\there", "line\nbreak", "nul\u{0}byte", "del\u{7F}", "sep\u{2028}\u{2029}", "<script>&amp;",
        "x\u{1F}y", String(repeating: "W", count: 200),
    ]

    static func passData(
        name: String, pan: String = "4111111111111111", expiration: String = "12/29"
    )
        -> ApplePayPassData
    {
        ApplePayPassData(
            primaryAccountNumber: pan, expiration: expiration, name: name,
            nonce: (0..<32).map { UInt8(truncatingIfNeeded: $0 * 37) }, nonceSignature: (0..<71).map { UInt8(255 - $0) }
        )
    }

    /// Read back by a parser of its own (JSONSerialization), the JSON holds
    /// Apple's five members with the values given, whatever needs escaping.
    @Test(arguments: names + ["4111 1111", "41\"11", "12/\\29"])
    func jsonHoldsExactlyApplesMembers(text: String) throws {
        for data in [
            Self.passData(name: text), Self.passData(name: "A", pan: text), Self.passData(name: "A", expiration: text),
        ] {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(data.jsonRepresentation())) as? [String: String])
            #expect(Set(object.keys) == ["primaryAccountNumber", "expiration", "name", "nonce", "nonceSignature"])
            #expect(object["primaryAccountNumber"] == data.primaryAccountNumber)
            #expect(object["expiration"] == data.expiration)
            #expect(object["name"] == data.name)
        }
    }

    @Test func jsonRoundTripsThroughTheParser() throws {
        for name in Self.names {
            let data = Self.passData(name: name)
            #expect(try ApplePayPassData(jsonRepresentation: data.jsonRepresentation()) == data)
        }
    }

    @Test func membersAreSortedAndHexIsLowerCase() throws {
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: false) }.joined()
        }
        let json = String(decoding: try Self.passData(name: "Ana").jsonRepresentation(), as: UTF8.self)
        let nonce = hex((0..<32).map { UInt8(truncatingIfNeeded: $0 * 37) })
        let signature = hex((0..<71).map { UInt8(255 - $0) })
        #expect(
            json == #"{"expiration":"12/29","name":"Ana","nonce":""# + nonce + #"","nonceSignature":""# + signature
                + #"","primaryAccountNumber":"4111111111111111"}"#)
    }
}
