import Foundation
import ProvisioningPrimitives

/// Formatting and parsing of the wire's ISO 8601 date-times.
///
/// Use it where a date travels outside a JSON body, for example in a query
/// string (`?from=2025-01-31T09:30:00.000Z`).
package enum WireDate {
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let whole = Date.ISO8601FormatStyle(includingFractionalSeconds: false, timeZone: .gmt)

    /// The wire form of a date: UTC, millisecond precision, for example
    /// `2025-01-31T09:30:00.250Z`.
    package static func string(from date: Date) -> String {
        date.formatted(fractional)
    }

    /// Parses a wire date-time, with or without fractional seconds.
    ///
    /// - Returns: The date, or `nil` if the text is not an ISO 8601 date-time
    ///   with a time zone.
    package static func date(from string: String) -> Date? {
        // Foundation's parser carries out-of-range fields over (12:99 is
        // 13:39), so the fields are checked first (schemathesis found a
        // minute 99 accepted).
        guard hasValidFields(Array(string.utf8)) else { return nil }
        if let date = try? fractional.parse(string) {
            return date
        }
        return try? whole.parse(string)
    }

    /// Whether `text` is `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with every
    /// field in range: month 1–12, a day the month has, hour 0–23, minute and
    /// second 0–59, an offset below 18 hours — the contract's pattern, plus
    /// the day-of-month check no pattern can make (2025-02-30 is refused).
    static func hasValidFields(_ text: [UInt8]) -> Bool {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= text.count else { return nil }
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(text[index]) else { return nil }
                value = value * 10 + Int(text[index] - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is expected: Character) -> Bool {
            index < text.count && text[index] == expected.asciiValue
        }
        guard let year = number(0..<4), byte(4, is: "-"), let month = number(5..<7), byte(7, is: "-"),
            let day = number(8..<10), byte(10, is: "T"), let hour = number(11..<13), byte(13, is: ":"),
            let minute = number(14..<16), byte(16, is: ":"), let second = number(17..<19),
            (1...12).contains(month), isDay(day, ofMonth: month, year: year), hour < 24, minute < 60,
            second < 60
        else { return false }
        var index = 19
        if byte(index, is: ".") {
            index += 1
            let digits = index
            while index < text.count, (0x30...0x39).contains(text[index]) { index += 1 }
            guard index > digits else { return false }
        }
        if byte(index, is: "Z") { return index + 1 == text.count }
        guard byte(index, is: "+") || byte(index, is: "-"), let offsetHours = number(index + 1..<index + 3),
            byte(index + 3, is: ":"), let offsetMinutes = number(index + 4..<index + 6)
        else { return false }
        return index + 6 == text.count && offsetHours < 18 && offsetMinutes < 60
    }

    /// Whether `day` exists in `month` of `year`: a date that does not (the
    /// 30th of February) comes back from the day count as another one.
    private static func isDay(_ day: Int, ofMonth month: Int, year: Int) -> Bool {
        guard (1...31).contains(day) else { return false }
        let days = CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day))
        return CivilDate.civil(fromDays: days) == (Int64(year), Int64(month), Int64(day))
    }
}
