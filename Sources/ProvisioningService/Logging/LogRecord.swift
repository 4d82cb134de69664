import Foundation

/// One structured log event of the service.
///
/// Records carry request ids, outcomes and error codes — never card data,
/// authorization codes, nonces or keys. ``line`` renders a record as one
/// `key=value` text line for stderr.
package struct LogRecord: Sendable, Hashable {
    /// How much attention a record needs: the usual closed set, written
    /// as the raw value in ``line``.
    package enum Level: String, Sendable, Hashable {
        case debug, info, warning, error
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
        line += Self.timestampStyle.format(date)
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

    /// Seconds, UTC (`2025-01-31T09:30:00Z`).
    private static let timestampStyle = Date.ISO8601FormatStyle(timeZone: .gmt)

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
