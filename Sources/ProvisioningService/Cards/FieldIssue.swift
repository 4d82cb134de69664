import ProvisioningPrimitives

/// One field of a payload that failed, and why — never its value.
package struct FieldIssue: Hashable, Sendable, CustomStringConvertible {
    /// Why a field failed. New reasons are added as static members; switch with a
    /// `default` branch.
    package struct Reason: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The field is absent (or empty where a value is required).
        package static let missing = Reason(rawValue: "missing")
        /// The field has another JSON type than the one expected.
        package static let wrongType = Reason(rawValue: "wrong-type")
        /// The field is not part of the payload format.
        package static let unexpectedField = Reason(rawValue: "unexpected-field")
        /// The field holds something other than ASCII digits.
        package static let notDigits = Reason(rawValue: "not-digits")
        /// The field is too short or too long (for the scheme, for a PAN).
        package static let invalidLength = Reason(rawValue: "invalid-length")
        /// The PAN's Luhn check digit is wrong.
        package static let luhnCheckFailed = Reason(rawValue: "luhn-check-failed")
        /// The PAN's BIN does not belong to the requested scheme.
        package static let schemeMismatch = Reason(rawValue: "scheme-mismatch")
        /// The field does not follow its format (for example MM/YY).
        package static let invalidFormat = Reason(rawValue: "invalid-format")
        /// A number in the field is outside its range (for example month 13).
        package static let outOfRange = Reason(rawValue: "out-of-range")
        /// The card's expiry month is over.
        package static let expired = Reason(rawValue: "expired")
        /// The field holds characters it may not hold.
        package static let invalidCharacters = Reason(rawValue: "invalid-characters")
        /// The whole payload exceeds the size limit.
        package static let tooLarge = Reason(rawValue: "too-large")
    }

    /// The field's name as on the wire, such as `primaryAccountNumber`.
    package let field: String
    /// Why it failed.
    package let reason: Reason

    package var description: String { "\(field): \(reason)" }
}
