import Foundation
import ProvisioningPrimitives

/// A card's expiry month, as printed on the card (MM/YY).
///
/// A card is valid through the last instant of its expiry month, in UTC. Its
/// `description` and mirror are redacted so that an expiry cannot reach a log by
/// accident; read ``wireValue`` where the value itself is needed (encryption).
package struct CardExpiration: Hashable, Sendable {
    /// The month, 1–12.
    package let month: Int
    /// The four-digit year (two-digit years are taken in 2000–2099).
    package let year: Int

    /// An expiry from a month (1–12) and a four-digit year; `nil` when out of range.
    package init?(month: Int, year: Int) {
        guard (1...12).contains(month), (2000...2099).contains(year) else { return nil }
        self.month = month
        self.year = year
    }

    /// Parses exactly "MM/YY" (two digits, a slash, two digits).
    ///
    /// Returns `nil` for any other shape or a month outside 01–12; use
    /// ``CardPayloadValidator`` to learn which of the two it was.
    package init?(wireValue: some StringProtocol) {
        guard let (month, year) = Self.parseDigits(wireValue) else { return nil }
        self.init(month: month, year: 2000 + year)
    }

    /// "MM/YY", the form Apple's encrypted pass data carries.
    package var wireValue: String {
        let mm = month < 10 ? "0\(month)" : "\(month)"
        let yy = year % 100 < 10 ? "0\(year % 100)" : "\(year % 100)"
        return "\(mm)/\(yy)"
    }

    /// The first instant after the card stops being valid: 00:00 UTC on the first
    /// day of the month after the expiry month.
    package var endOfValidity: Date {
        let next = month == 12 ? (year: year + 1, month: 1) : (year: year, month: month + 1)
        return Date(
            timeIntervalSince1970: TimeInterval(Self.daysSince1970(year: next.year, month: next.month)) * 86_400)
    }

    /// Whether the card is no longer valid at `date`.
    package func isExpired(at date: Date) -> Bool {
        date >= endOfValidity
    }

    /// Days from 1970-01-01 to the first of `month` in `year` (proleptic
    /// Gregorian, UTC), by Howard Hinnant's days_from_civil: `Calendar` went
    /// through ICU on every provisioning request for a constant of arithmetic.
    static func daysSince1970(year: Int, month: Int) -> Int {
        Int(CivilDate.days(year: Int64(year), month: Int64(month), day: 1))
    }

    /// "MM/YY" split into its numbers without range checks, or `nil` when the
    /// shape is wrong.
    static func parseDigits(_ text: some StringProtocol) -> (month: Int, year: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: "/") else { return nil }
        let digits = [bytes[0], bytes[1], bytes[3], bytes[4]]
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        return (values[0] * 10 + values[1], values[2] * 10 + values[3])
    }
}

extension CardExpiration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "••/••" }
    package var debugDescription: String { "CardExpiration(••/••)" }
    package var customMirror: Mirror { Mirror(self, children: ["value": "••/••"], displayStyle: .struct) }
}
