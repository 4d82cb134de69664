/// Why ``JSONValue/init(parsing:)`` refused its input.
///
/// The error names the kind of fault and the byte offset where it was found,
/// never the input's text: the inputs are tokens and card payloads.
///
/// ```swift
/// do {
///     let value = try JSONValue(parsing: bytes)
/// } catch let error as JSONParsingError where error.code == .duplicateKey {
///     // refuse the document
/// }
/// ```
package struct JSONParsingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of fault. New codes are added as static members.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// Not JSON (RFC 8259): an unexpected byte, a bad literal, number or escape,
        /// an unterminated string, or content after the value.
        package static let syntax = Code(rawValue: "syntax")
        /// A string that is not valid UTF-8 or holds an unpaired surrogate escape.
        package static let invalidUnicode = Code(rawValue: "invalid-unicode")
        /// An object with the same member name twice (RFC 7515 §5.2 lets JOSE
        /// refuse them, and a second `alg` or `exp` is never innocent).
        package static let duplicateKey = Code(rawValue: "duplicate-key")
        /// Arrays and objects nested deeper than ``JSONValue/maximumParsingDepth``.
        package static let tooDeep = Code(rawValue: "too-deep")
    }

    package let code: Code
    /// Where in the input the fault was found, in bytes from the start.
    package let offset: Int

    package init(_ code: Code, offset: Int) {
        self.code = code
        self.offset = offset
    }

    package var description: String { "JSON \(code) at byte \(offset)" }
}
