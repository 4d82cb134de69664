import Foundation
import ProvisioningPrimitives

/// Timestamps as text: the fixed-width UTC form SQLite stores, and the ISO 8601
/// forms both databases print.
///
/// Formatting and parsing are done by hand (proleptic Gregorian calendar, UTC),
/// which keeps microseconds exact and needs no shared, non-thread-safe formatter.
enum TimestampText {
    private static let microsecondsPerDay: Int64 = 86_400_000_000

    /// Microseconds since 1970, rounded to the nearest microsecond.
    static func microseconds(since1970 date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
        if value >= 9.2e18 { return Int64.max }
        if value <= -9.2e18 { return Int64.min }
        return Int64(value)
    }

    static func date(microseconds: Int64) -> Date {
        // Split to keep full precision: a Double holds about 15.9 significant digits.
        let seconds = microseconds.dividedRoundingDown(by: 1_000_000)
        let fraction = microseconds - seconds * 1_000_000
        return Date(timeIntervalSince1970: Double(seconds) + Double(fraction) / 1_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS.ffffffZ`, always 27 characters for years 0001–9999, so
    /// text order is time order.
    static func format(_ date: Date) -> String {
        let micros = microseconds(since1970: date)
        let days = micros.dividedRoundingDown(by: microsecondsPerDay)
        var rest = micros - days * microsecondsPerDay
        let (year, month, day) = CivilDate.civil(fromDays: days)
        let hour = rest / 3_600_000_000
        rest -= hour * 3_600_000_000
        let minute = rest / 60_000_000
        rest -= minute * 60_000_000
        let second = rest / 1_000_000
        let fraction = rest - second * 1_000_000
        guard (0...9999).contains(year) else {
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
                + "\(pad(second, 2)).\(pad(fraction, 6))Z"
        }
        // Written digit by digit into the string's own storage: this runs for every
        // timestamp bound to SQLite, three per provisioning.
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var index = 0
            func put(_ value: Int64, _ width: Int) {
                var value = value
                for position in stride(from: index + width - 1, through: index, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
                index += width
            }
            func put(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: character)
                index += 1
            }
            put(year, 4)
            put("-")
            put(month, 2)
            put("-")
            put(day, 2)
            put("T")
            put(hour, 2)
            put(":")
            put(minute, 2)
            put(":")
            put(second, 2)
            put(".")
            put(fraction, 6)
            put("Z")
            return index
        }
    }

    /// Parses `YYYY-MM-DD`, optionally followed by `T` or a space, `HH:MM[:SS[.fraction]]`
    /// and a zone (`Z`, `+HH`, `+HH:MM`, `-HHMM`); no zone means UTC.
    static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(exactly: 4), scanner.skip("-"), let month = scanner.digits(exactly: 2),
            scanner.skip("-"), let day = scanner.digits(exactly: 2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var micros = CivilDate.days(year: year, month: month, day: day) * microsecondsPerDay
        if scanner.isAtEnd { return date(microseconds: micros) }
        guard scanner.skip("T") || scanner.skip(" ") || scanner.skip("t"),
            let hour = scanner.digits(exactly: 2), scanner.skip(":"), let minute = scanner.digits(exactly: 2),
            hour < 24, minute < 60
        else { return nil }
        micros += (hour * 3600 + minute * 60) * 1_000_000
        if scanner.skip(":") {
            guard let second = scanner.digits(exactly: 2), second < 61 else { return nil }
            micros += second * 1_000_000
            if scanner.skip(".") {
                var scale: Int64 = 100_000
                var digitCount = 0
                var fraction: Int64 = 0
                var roundUp = false
                while let digit = scanner.digit() {
                    if digitCount < 6 {
                        fraction += digit * scale
                        scale /= 10
                    } else if digitCount == 6 {
                        roundUp = digit >= 5
                    }
                    digitCount += 1
                }
                guard digitCount > 0 else { return nil }
                micros += fraction + (roundUp ? 1 : 0)
            }
        }
        if scanner.isAtEnd || scanner.skip("Z") || scanner.skip("z") {
            return scanner.isAtEnd ? date(microseconds: micros) : nil
        }
        let sign: Int64
        if scanner.skip("+") {
            sign = 1
        } else if scanner.skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = scanner.digits(exactly: 2) else { return nil }
        var offsetSeconds = offsetHours * 3600
        _ = scanner.skip(":")
        if let offsetMinutes = scanner.digits(exactly: 2) {
            offsetSeconds += offsetMinutes * 60
            _ = scanner.skip(":")
            if let extraSeconds = scanner.digits(exactly: 2) { offsetSeconds += extraSeconds }
        }
        guard scanner.isAtEnd else { return nil }
        // A local time at +02:00 is two hours ahead of UTC.
        return date(microseconds: micros - sign * offsetSeconds * 1_000_000)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] - 0x30)
        }

        mutating func digits(exactly count: Int) -> Int64? {
            let start = index
            var value: Int64 = 0
            for _ in 0..<count {
                guard let digit = digit() else {
                    index = start
                    return nil
                }
                value = value * 10 + digit
            }
            return value
        }
    }
}

extension Int64 {
    /// Floor division, for negative timestamps (before 1970).
    fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
