import Foundation
import Testing

@testable import ProvisioningStorage

@Suite("Timestamp text format", .timeLimit(.minutes(10)))
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

    @Test func formatAgreesWithTheGregorianCalendarToTheMicrosecond() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // ±3e9 s around 1970 (1874–2065): a Date, counted from 2001, still
            // holds every microsecond there.
            let micros = Int64(bitPattern: state >> 1) % 6_000_000_000_000_000 - 3_000_000_000_000_000
            let seconds = micros >= 0 ? micros / 1_000_000 : (micros + 1) / 1_000_000 - 1
            let fraction = micros - seconds * 1_000_000
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
            let expected = [
                Self.digits(parts.year, 4), "-", Self.digits(parts.month, 2), "-", Self.digits(parts.day, 2), "T",
                Self.digits(parts.hour, 2), ":", Self.digits(parts.minute, 2), ":", Self.digits(parts.second, 2), ".",
                Self.digits(Int(fraction), 6), "Z",
            ].joined()
            let date = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            #expect(TimestampText.format(date) == expected, "\(micros)")
        }
    }

    private static func digits(_ value: Int?, _ width: Int) -> String {
        let text = String(value ?? -1)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    @Test func yearsBeyondFourDigitsKeepEveryDigit() {
        let date = Date(timeIntervalSince1970: 300_000_000_000)  // year 11476
        let text = TimestampText.format(date)
        #expect(text.hasPrefix("11476-"))
        #expect(TimestampText.parse(text) == nil)  // four-digit years only, as both databases print
    }
}
