/// A card payload that cannot be used, with every field that failed and why.
///
/// Neither ``description`` nor any ``FieldIssue`` holds a submitted value: the
/// payload carries a PAN and an expiry, so an error names fields and reasons
/// only. Map it to HTTP 422 with the issues listed.
///
/// ```swift
/// do {
///     let card = try CardPayloadValidator.validate(payload, scheme: .visa, now: .now)
/// } catch let error as ValidationError {
///     for issue in error.issues { print(issue.field, issue.reason) }  // "expiration expired"
/// }
/// ```
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The payload is not a JSON object of the expected shape (not JSON, too
        /// large, a field of the wrong type, an unknown field).
        public static let malformedPayload = Code(rawValue: "malformed-payload")
        /// The payload is well formed but one or more fields fail the card rules.
        public static let invalidCard = Code(rawValue: "invalid-card")
    }

    /// The kind of failure.
    public let code: Code
    /// Every field that failed, in field order; never empty for a thrown error.
    public let issues: [FieldIssue]

    public init(_ code: Code, issues: [FieldIssue]) {
        self.code = code
        self.issues = issues
    }

    public var description: String {
        let list = issues.map { "\($0.field): \($0.reason)" }.joined(separator: ", ")
        return "\(code) (\(list))"
    }
}

/// One field of a payload that failed, and why — never its value.
public struct FieldIssue: Hashable, Sendable, CustomStringConvertible {
    /// Why a field failed. New reasons are added as static members; switch with a
    /// `default` branch.
    public struct Reason: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The field is absent (or empty where a value is required).
        public static let missing = Reason(rawValue: "missing")
        /// The field has another JSON type than the one expected.
        public static let wrongType = Reason(rawValue: "wrong-type")
        /// The field is not part of the payload format.
        public static let unexpectedField = Reason(rawValue: "unexpected-field")
        /// The field holds something other than ASCII digits.
        public static let notDigits = Reason(rawValue: "not-digits")
        /// The field is too short or too long (for the scheme, for a PAN).
        public static let invalidLength = Reason(rawValue: "invalid-length")
        /// The PAN's Luhn check digit is wrong.
        public static let luhnCheckFailed = Reason(rawValue: "luhn-check-failed")
        /// The PAN's BIN does not belong to the requested scheme.
        public static let schemeMismatch = Reason(rawValue: "scheme-mismatch")
        /// The field does not follow its format (for example MM/YY).
        public static let invalidFormat = Reason(rawValue: "invalid-format")
        /// A number in the field is outside its range (for example month 13).
        public static let outOfRange = Reason(rawValue: "out-of-range")
        /// The card's expiry month is over.
        public static let expired = Reason(rawValue: "expired")
        /// The field holds characters it may not hold.
        public static let invalidCharacters = Reason(rawValue: "invalid-characters")
        /// The whole payload exceeds the size limit.
        public static let tooLarge = Reason(rawValue: "too-large")
    }

    /// The field's name as on the wire, such as `primaryAccountNumber`.
    public let field: String
    /// Why it failed.
    public let reason: Reason

    public init(field: String, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field): \(reason)" }
}
