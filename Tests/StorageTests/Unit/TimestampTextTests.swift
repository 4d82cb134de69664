import Foundation
import Testing

@testable import Storage

@Suite("Timestamp text format")
struct TimestampTextTests {
    @Test func formatIsFixedWidthUTCWithMicroseconds() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        #expect(TimestampText.format(date) == "2023-11-14T22:13:20.123456Z")
        #expect(TimestampText.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000000Z")
        #expect(TimestampText.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500000Z")
    }

    @Test(
        arguments: [
            ("2023-11-14T22:13:20.123456Z", 1_700_000_000_123_456),
            ("2023-11-14 22:13:20.123456+00", 1_700_000_000_123_456),
            ("2023-11-15 00:13:20.123456+02:00", 1_700_000_000_123_456),
            ("2023-11-14 17:43:20.123456-04:30", 1_700_000_000_123_456),
            ("2023-11-14 22:13:20", 1_700_000_000_000_000),
            ("2023-11-14", 1_699_920_000_000_000),
            ("2000-02-29T00:00:00.1Z", 951_782_400_100_000),
            ("1900-01-01T00:00:00Z", -2_208_988_800_000_000),
        ] as [(String, Int64)])
    func parsesTheFormsBothDatabasesPrint(text: String, microseconds: Int64) throws {
        let date = try #require(TimestampText.parse(text))
        #expect(TimestampText.microseconds(since1970: date) == microseconds)
    }

    @Test(arguments: ["", "2023-13-01", "2023-11-14X", "2023-11-14T25:00", "yesterday", "2023-11-14T10:00:00+"])
    func refusesMalformedText(text: String) {
        #expect(TimestampText.parse(text) == nil)
    }

    @Test func formattedTextSortsInTimeOrder() {
        let dates = [-86_400.0 * 365 * 50, -1, 0, 0.000_001, 1, 1_700_000_000.5, 4_000_000_000].map {
            Date(timeIntervalSince1970: $0)
        }
        let texts = dates.map(TimestampText.format)
        #expect(texts == texts.sorted())
        #expect(Set(texts.map(\.count)) == [27])
    }
}
