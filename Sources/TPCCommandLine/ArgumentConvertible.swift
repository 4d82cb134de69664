import Foundation

/// A type an option or argument value converts to, with
/// ``ParsedArguments/value(_:as:)`` and ``ParsedArguments/argument(_:as:)``.
///
/// `String`, `Int`, `UInt16` (ports), `Double` and `URL` conform. A
/// `String`-backed enum conforms by declaring it, the raw values being the
/// accepted spellings:
///
/// ```swift
/// enum OutputFormat: String, ArgumentConvertible, CaseIterable { case text, json }
/// let format = try parsed.value("format", as: OutputFormat.self)
/// ```
package protocol ArgumentConvertible: Sendable {
    /// The value for `argument`, or `nil` when it does not convert.
    init?(argument: String)
    /// What a valid value looks like, for errors: "an integer", "one of text, json".
    static var expectedDescription: String { get }
}

extension ArgumentConvertible where Self: RawRepresentable, RawValue == String {
    package init?(argument: String) { self.init(rawValue: argument) }
    package static var expectedDescription: String { "a valid value" }
}

extension ArgumentConvertible where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
    package static var expectedDescription: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }
}

extension String: ArgumentConvertible {
    package init?(argument: String) { self = argument }
    package static var expectedDescription: String { "text" }
}

extension Int: ArgumentConvertible {
    package init?(argument: String) { self.init(argument, radix: 10) }
    package static var expectedDescription: String { "an integer" }
}

extension UInt16: ArgumentConvertible {
    package init?(argument: String) { self.init(argument, radix: 10) }
    package static var expectedDescription: String { "an integer from 0 to 65535" }
}

extension Double: ArgumentConvertible {
    package init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    package static var expectedDescription: String { "a number" }
}

extension URL: ArgumentConvertible {
    /// Accepts absolute URLs only (with a scheme, such as `https:`, `postgres:`
    /// or `sqlite:`); a file path is read as a `String`.
    package init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        self = url
    }
    package static var expectedDescription: String { "an absolute URL" }
}
