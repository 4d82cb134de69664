import Foundation

/// One structured log event of the service.
///
/// Records carry request ids, outcomes and error codes — never card data,
/// authorization codes, nonces or keys. ``line`` renders a record as one
/// `key=value` text line for stderr.
public struct LogRecord: Sendable, Hashable {
    /// How much attention a record needs.
    public struct Level: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let debug = Level(rawValue: "debug")
        public static let info = Level(rawValue: "info")
        public static let warning = Level(rawValue: "warning")
        public static let error = Level(rawValue: "error")
    }

    public var date: Date
    public var level: Level
    /// What happened, a short stable name such as `provisioning.refused`.
    public var event: String
    /// Context values, such as `requestId` and `problem`.
    public var fields: [String: String]

    public init(date: Date = Date(), level: Level, event: String, fields: [String: String] = [:]) {
        self.date = date
        self.level = level
        self.event = event
        self.fields = fields
    }

    /// `2025-01-31T09:30:00Z info provisioning.succeeded issuer=bank-1 requestId=…`.
    public var line: String {
        let stamp = Self.timestampStyle.format(date)
        let context = fields.keys.sorted().map { key in "\(key)=\(Self.quoted(fields[key] ?? ""))" }
        return ([stamp, level.rawValue, event] + context).joined(separator: " ")
    }

    // The pure-Swift format style: `ISO8601DateFormatter.string(from:…)` builds
    // an ICU formatter on every call, which was about a seventh of the
    // server's CPU time under provisioning load (two log lines per request).
    private static let timestampStyle = Date.ISO8601FormatStyle(timeZone: .gmt)

    private static func quoted(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && $0 != "\"" && $0 != "=" }
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
public typealias LogSink = @Sendable (LogRecord) -> Void
