import Foundation
import Testing

@testable import SandboxNetwork

@Suite(.timeLimit(.minutes(10))) struct UTCDateTests {
    /// Foundation's Gregorian calendar in UTC, the oracle.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    static func expected(_ date: Date) -> UTCDate.Parts {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return UTCDate.Parts(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    @Test func agreesWithTheGregorianCalendarFrom1890To2410() {
        // Every 29 hours and 13 minutes: all months, leap days and century years.
        var seconds: TimeInterval = -2_524_521_600  // 1890-01-01
        var mismatches: [TimeInterval] = []
        while seconds < 13_569_465_600 {  // 2400-01-01 + 10 years
            let date = Date(timeIntervalSince1970: seconds)
            if UTCDate(date).parts != Self.expected(date) { mismatches.append(seconds) }
            seconds += 29 * 3600 + 13 * 60
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func daysTurnAtMidnightUTC() {
        let lastSecondOf1999 = Date(timeIntervalSince1970: 946_684_799)
        #expect(UTCDate(lastSecondOf1999).parts == UTCDate.Parts(year: 1999, month: 12, day: 31))
        #expect(UTCDate(lastSecondOf1999 + 1).parts == UTCDate.Parts(year: 2000, month: 1, day: 1))
        let leapDay2000 = Date(timeIntervalSince1970: 951_782_400)
        #expect(UTCDate(leapDay2000).parts == UTCDate.Parts(year: 2000, month: 2, day: 29))
        #expect(UTCDate(Date(timeIntervalSince1970: -1)).parts == UTCDate.Parts(year: 1969, month: 12, day: 31))
    }
}

extension UTCDate {
    struct Parts: Equatable, CustomStringConvertible {
        var year: Int
        var month: Int
        var day: Int
        var description: String { "\(year)-\(month)-\(day)" }
    }

    var parts: Parts { Parts(year: year, month: month, day: day) }
}
