import Foundation

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
        if let date = try? fractional.parse(string) {
            return date
        }
        return try? whole.parse(string)
    }
}
