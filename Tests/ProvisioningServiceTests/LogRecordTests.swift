import Foundation
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct LogRecordTests {
    /// The hand-made timestamp must print exactly what `Date.ISO8601FormatStyle` printed before.
    @Test func timestampMatchesTheISO8601FormatStyle() {
        let style = Date.ISO8601FormatStyle(timeZone: .gmt)
        var generator = SystemRandomNumberGenerator()
        var intervals: [TimeInterval] = [
            0, 0.999, 59.5, 86_399.999_9, 951_782_400, 951_868_799.5, 4_107_542_400, 4_107_628_799,
            1_738_315_800, 253_402_300_799.5,
        ]
        for _ in 0..<2000 { intervals.append(Double.random(in: 0..<253_402_300_800, using: &generator)) }
        for interval in intervals {
            let date = Date(timeIntervalSince1970: interval)
            var line = ""
            LogRecord.appendTimestamp(date, to: &line)
            #expect(line == style.format(date), "at \(interval)")
        }
    }

    @Test func lineListsSortedFieldsAndQuotesUnsafeValues() {
        let record = LogRecord(
            date: Date(timeIntervalSince1970: 1_738_315_800.25), level: .info, event: "provisioning.succeeded",
            fields: ["requestId": "r-1", "issuer": "bank 1", "detail": "a=\"b\"", "empty": ""])
        #expect(
            record.line
                == #"2025-01-31T09:30:00Z info provisioning.succeeded detail="a=\"b\"" empty="" issuer="bank 1" requestId=r-1"#
        )
    }

    @Test func datesBefore1970UseTheFormatStyle() {
        let date = Date(timeIntervalSince1970: -86_400.5)
        var line = ""
        LogRecord.appendTimestamp(date, to: &line)
        #expect(line == "1969-12-30T23:59:59Z")
    }
}
