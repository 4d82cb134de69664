/// Why a field was refused, in a ``FieldProblem``.
///
/// An open set of stable codes (clients keep unknown ones). Codes describe the
/// rule that failed, never the value.
public struct FieldProblemReason: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// A required field is absent or null.
    public static let missing = FieldProblemReason(rawValue: "missing")
    /// The JSON type is wrong (a number where a string is expected…).
    public static let wrongType = FieldProblemReason(rawValue: "wrong-type")
    /// The text does not have the required format.
    public static let malformed = FieldProblemReason(rawValue: "malformed")
    /// Not valid standard base64.
    public static let invalidBase64 = FieldProblemReason(rawValue: "invalid-base64")
    /// Longer than allowed.
    public static let tooLong = FieldProblemReason(rawValue: "too-long")
    /// Shorter than allowed (or empty).
    public static let tooShort = FieldProblemReason(rawValue: "too-short")
    /// A number or count outside the allowed range.
    public static let outOfRange = FieldProblemReason(rawValue: "out-of-range")
    /// Not one of the allowed values.
    public static let unknownValue = FieldProblemReason(rawValue: "unknown-value")
    /// A PAN failing the Luhn check.
    public static let luhn = FieldProblemReason(rawValue: "luhn")
    /// A card expiry in the past.
    public static let expired = FieldProblemReason(rawValue: "expired")
    /// A PAN whose BIN does not belong to the declared scheme.
    public static let schemeMismatch = FieldProblemReason(rawValue: "scheme-mismatch")
    /// Not supported for this issuer or in this context.
    public static let unsupported = FieldProblemReason(rawValue: "unsupported")
    /// A member the contract does not define (its schema has
    /// `additionalProperties: false`).
    public static let unknownMember = FieldProblemReason(rawValue: "unknown-member")
}
