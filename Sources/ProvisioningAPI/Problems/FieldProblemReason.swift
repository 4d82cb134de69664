import ProvisioningPrimitives

/// Why a field was refused, in a ``FieldProblem``.
///
/// An open set of stable codes (clients keep unknown ones). Codes describe the
/// rule that failed, never the value.
package struct FieldProblemReason: ExtensibleEnumeration, Codable {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    // Codable as the bare string: the standard library's RawRepresentable coding.

    /// A required field is absent or null.
    package static let missing = FieldProblemReason(rawValue: "missing")
    /// The JSON type is wrong (a number where a string is expected…).
    package static let wrongType = FieldProblemReason(rawValue: "wrong-type")
    /// The text does not have the required format.
    package static let malformed = FieldProblemReason(rawValue: "malformed")
    /// Not valid standard base64.
    package static let invalidBase64 = FieldProblemReason(rawValue: "invalid-base64")
    /// Longer than allowed.
    package static let tooLong = FieldProblemReason(rawValue: "too-long")
    /// Shorter than allowed (or empty).
    package static let tooShort = FieldProblemReason(rawValue: "too-short")
    /// A number or count outside the allowed range.
    package static let outOfRange = FieldProblemReason(rawValue: "out-of-range")
    /// Not one of the allowed values.
    package static let unknownValue = FieldProblemReason(rawValue: "unknown-value")
    /// A PAN failing the Luhn check.
    package static let luhn = FieldProblemReason(rawValue: "luhn")
    /// A card expiry in the past.
    package static let expired = FieldProblemReason(rawValue: "expired")
    /// A PAN whose BIN does not belong to the declared scheme.
    package static let schemeMismatch = FieldProblemReason(rawValue: "scheme-mismatch")
    /// Not supported for this issuer or in this context.
    package static let unsupported = FieldProblemReason(rawValue: "unsupported")
    /// A member the contract does not define (its schema has
    /// `additionalProperties: false`).
    package static let unknownMember = FieldProblemReason(rawValue: "unknown-member")
}
