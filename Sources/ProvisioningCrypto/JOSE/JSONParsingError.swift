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
public struct JSONParsingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of fault. New codes are added as static members.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not JSON (RFC 8259): an unexpected byte, a bad literal, number or escape,
        /// an unterminated string, or content after the value.
        public static let syntax = Code(rawValue: "syntax")
        /// A string that is not valid UTF-8 or holds an unpaired surrogate escape.
        public static let invalidUnicode = Code(rawValue: "invalid-unicode")
        /// An object with the same member name twice (RFC 7515 §5.2 lets JOSE
        /// refuse them, and a second `alg` or `exp` is never innocent).
        public static let duplicateKey = Code(rawValue: "duplicate-key")
        /// Arrays and objects nested deeper than ``JSONValue/maximumParsingDepth``.
        public static let tooDeep = Code(rawValue: "too-deep")
    }

    public let code: Code
    /// Where in the input the fault was found, in bytes from the start.
    public let offset: Int

    public init(_ code: Code, offset: Int) {
        self.code = code
        self.offset = offset
    }

    public var description: String { "JSON \(code) at byte \(offset)" }
}
