import Foundation

/// A type an option or argument value converts to, read through an
/// ``Option`` or ``Argument`` declared with it.
///
/// `String`, `Int`, `UInt16` (ports), `Double` and `URL` conform. A
/// `String`-backed enum conforms by declaring it, the raw values being the
/// accepted spellings; a `CaseIterable` one also lists them in help and has
/// the parser refuse any other:
///
/// ```swift
/// enum OutputFormat: String, ArgumentConvertible, CaseIterable { case text, json }
/// static let format = Option<OutputFormat>("format", valueName: "format", help: "Output.", default: .text)
/// ```
package protocol ArgumentConvertible: Sendable {
    /// The value for `argument`, or `nil` when it does not convert.
    init?(argument: String)
    /// What a valid value looks like, for errors: "an integer", "one of text, json".
    static var expectedDescription: String { get }
    /// The only spellings accepted, checked while parsing and listed in help;
    /// `nil` when any value that converts is accepted.
    static var allowedValues: [String]? { get }
    /// The value as it is typed, for a default shown in help.
    var argumentText: String { get }
}

extension ArgumentConvertible {
    package static var allowedValues: [String]? { nil }
}

extension ArgumentConvertible where Self: RawRepresentable, RawValue == String {
    package init?(argument: String) { self.init(rawValue: argument) }
    package static var expectedDescription: String { "a valid value" }
    package var argumentText: String { rawValue }
}

extension ArgumentConvertible where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
    package static var expectedDescription: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }
    package static var allowedValues: [String]? { allCases.map(\.rawValue) }
}

extension String: ArgumentConvertible {
    package init?(argument: String) { self = argument }
    package static var expectedDescription: String { "text" }
    package var argumentText: String { self }
}

extension Int: ArgumentConvertible {
    package init?(argument: String) { self.init(argument, radix: 10) }
    package static var expectedDescription: String { "an integer" }
    package var argumentText: String { String(self) }
}

extension UInt16: ArgumentConvertible {
    package init?(argument: String) { self.init(argument, radix: 10) }
    package static var expectedDescription: String { "an integer from 0 to 65535" }
    package var argumentText: String { String(self) }
}

extension Double: ArgumentConvertible {
    package init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    package static var expectedDescription: String { "a number" }
    /// Whole numbers without a fraction, as they are typed: `60`, not `60.0`.
    package var argumentText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}

extension URL: ArgumentConvertible {
    /// Accepts absolute URLs only (with a scheme, such as `https:`, `postgres:`
    /// or `sqlite:`); a file path is read as a `String`.
    package init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        self = url
    }
    package static var expectedDescription: String { "an absolute URL" }
    package var argumentText: String { absoluteString }
}

extension ArgumentConvertible {
    /// `raw` converted for the option or argument `label` (`--port`, `<file>`).
    ///
    /// - Throws: ``CommandLineError/Code/invalidValue`` naming `label`, never
    ///   the value (it may be a secret): in the requirement's words when there
    ///   is one, else saying what was expected.
    static func converting(
        _ raw: String, label: String, requirement: ValueRequirement<Self>?, commandPath: [String]
    ) throws(CommandLineError) -> Self {
        guard let requirement else {
            guard let value = Self(argument: raw) else {
                throw CommandLineError(
                    .invalidValue, "invalid value for \(label): expected \(expectedDescription)",
                    commandPath: commandPath)
            }
            return value
        }
        guard let value = Self(argument: raw), requirement.isSatisfied(by: value) else {
            throw CommandLineError(
                .invalidValue, "\(label) must be \(requirement.description)", commandPath: commandPath)
        }
        return value
    }
}
