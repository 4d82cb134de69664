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

    /// Foundation's parser carries fields over (12:99 becomes 13:39):
    /// schemathesis found a notification with minute 99 accepted.
    @Test(arguments: [
        "2024-01-01T12:99:00Z", "2024-01-01T24:00:00Z", "2024-01-01T12:00:60Z", "2024-13-01T12:00:00Z",
        "2024-00-10T12:00:00Z", "2023-02-29T12:00:00Z", "2024-04-31T12:00:00Z", "2024-01-00T12:00:00Z",
        "2024-01-01T12:00:00+18:00", "2024-01-01T12:00:00+01:60", "2024-01-01T12:00:00.Z", "2024-01-01t12:00:00Z",
        "2024-01-01T12:00:00z", "2024-01-01T12:00:00Z ", " 2024-01-01T12:00:00Z", "2024-01-01T12:00:00+0100",
    ])
    func datesWithFieldsOutOfRangeAreRefused(text: String) {
        #expect(WireDate.date(from: text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder.provisioningAPI.decode([Date].self, from: Data("[\"\(text)\"]".utf8))
        }
    }

    /// The instants are Python's `datetime.fromisoformat(text).timestamp()`.
    @Test(arguments: [
        ("2024-02-29T23:59:59Z", 1_709_251_199.0), ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("2024-01-01T00:00:00.123456Z", 1_704_067_200.123456), ("2024-01-01T17:59:00+17:59", 1_704_067_200.0),
    ])
    func edgeDatesAreAccepted(text: String, seconds: Double) throws {
        let date = try #require(WireDate.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
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
