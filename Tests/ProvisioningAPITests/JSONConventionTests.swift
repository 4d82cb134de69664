import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct JSONConventionTests {
    @Test func datesAreISO8601UTCWithMilliseconds() throws {
        let encoded = try JSONEncoder.provisioningAPI.encode([Samples.date])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2025-01-31T09:30:00.250Z"]"#)
        #expect(WireDate.string(from: Samples.date) == "2025-01-31T09:30:00.250Z")
    }

    @Test(arguments: [
        ("2025-01-31T09:30:00Z", 1_738_315_800.0), ("2025-01-31T09:30:00.500Z", 1_738_315_800.5),
        ("2025-01-31T10:30:00.000+01:00", 1_738_315_800.0),
    ])
    func datesDecodeWithOrWithoutFraction(text: String, seconds: Double) throws {
        let decoded = try JSONDecoder.provisioningAPI.decode([Date].self, from: Data("[\"\(text)\"]".utf8))
        #expect(decoded == [Date(timeIntervalSince1970: seconds)])
    }

    @Test(arguments: ["2025-01-31", "31/01/2025 09:30", "2025-01-31T09:30:00", ""])
    func malformedDatesAreRefused(text: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder.provisioningAPI.decode([Date].self, from: Data("[\"\(text)\"]".utf8))
        }
    }

    @Test func dataIsStandardPaddedBase64() throws {
        let encoded = try JSONEncoder.provisioningAPI.encode([Data([0xFB, 0xFF, 0xBF])])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["+/+/"]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder.provisioningAPI.decode([Data].self, from: Data(#"["-_-_"]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder.provisioningAPI.decode([Data].self, from: Data(#"["YWN"]"#.utf8))
        }
    }

    @Test func keysAreSortedAndSlashesUnescaped() throws {
        let encoded = try JSONEncoder.provisioningAPI.encode(ProblemDetails(.notFound, instance: "/v1/x"))
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(
            text
                == #"{"instance":"/v1/x","status":404,"title":"Not found","type":"urn:pushprovisioning:problem:not-found"}"#
        )
    }

    @Test func absentOptionalsAreOmittedNotNull() throws {
        let encoded = try JSONEncoder.provisioningAPI.encode(TokenStateChangeResponse(tokenId: "t", state: .active))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"state":"ACTIVE","tokenId":"t"}"#)
        let minimal = try JSONEncoder.provisioningAPI.encode(BackOfficeTokenStateChangeRequest(action: .delete))
        #expect(!String(decoding: minimal, as: UTF8.self).contains("null"))
    }
}
