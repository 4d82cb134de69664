import Foundation
import ProvisioningPrimitives

/// One structured log event of the service.
///
/// Records carry request ids, outcomes and error codes — never card data,
/// authorization codes, nonces or keys. ``line`` renders a record as one
/// `key=value` text line for stderr.
package struct LogRecord: Sendable, Hashable {
    /// How much attention a record needs.
    package struct Level: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        package static let debug = Level(rawValue: "debug")
        package static let info = Level(rawValue: "info")
        package static let warning = Level(rawValue: "warning")
        package static let error = Level(rawValue: "error")
    }

    package var date: Date
    package var level: Level
    /// What happened, a short stable name such as `provisioning.refused`.
    package var event: String
    /// Context values, such as `requestId` and `problem`.
    package var fields: [String: String]

    package init(date: Date = Date(), level: Level, event: String, fields: [String: String] = [:]) {
        self.date = date
        self.level = level
        self.event = event
        self.fields = fields
    }

    /// `2025-01-31T09:30:00Z info provisioning.succeeded issuer=bank-1 requestId=…`.
    package var line: String {
        var line = ""
        line.reserveCapacity(64 + fields.count * 48)
        Self.appendTimestamp(date, to: &line)
        line += " "
        line += level.rawValue
        line += " "
        line += event
        // Built in place: the map-and-join form allocated an array and a string per
        // field, and two lines are written per request.
        for key in fields.keys.sorted() {
            line += " "
            line += key
            line += "="
            line += Self.quoted(fields[key] ?? "")
        }
        return line
    }

    /// The pure-Swift format style: `ISO8601DateFormatter.string(from:…)` builds
    /// an ICU formatter on every call, which was about a seventh of the
    /// server's CPU time under provisioning load (two log lines per request).
    /// Only used outside years 1970–9999, which ``appendTimestamp(_:to:)`` formats by hand.
    private static let timestampStyle = Date.ISO8601FormatStyle(timeZone: .gmt)

    /// Appends `YYYY-MM-DDTHH:MM:SSZ` (UTC, seconds truncated), the output of
    /// ``timestampStyle``, without going through `Calendar`: the format style's
    /// date components were most of a log line's cost.
    static func appendTimestamp(_ date: Date, to line: inout String) {
        let interval = date.timeIntervalSince1970
        // 253402300800 is 10000-01-01T00:00:00Z.
        guard interval >= 0, interval < 253_402_300_800 else {
            line += timestampStyle.format(date)
            return
        }
        let seconds = Int(interval.rounded(.down))
        let days = seconds / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate.civil(fromDays: Int64(days))
        let (year, month, day) = (Int(civil.year), Int(civil.month), Int(civil.day))
        let stamp = String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, 2, at: 17)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
        line += stamp
    }

    private static func quoted(_ value: String) -> String {
        // Bytes, not scalars: every byte of a non-ASCII scalar is ≥ 128, so the test is the same.
        let plain = value.utf8.allSatisfy { $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
        if plain && !value.isEmpty { return value }
        let escaped = value.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where scalar.value < 32: "?"
            default: String(scalar)
            }
        }.joined()
        return "\"\(escaped)\""
    }
}

/// Where the service writes its log records: a closure, so `tpc` can print to
/// stderr and tests can collect records.
///
/// ```swift
/// let sink: LogSink = { record in FileHandle.standardError.write(Data((record.line + "\n").utf8)) }
/// ```
package typealias LogSink = @Sendable (LogRecord) -> Void
