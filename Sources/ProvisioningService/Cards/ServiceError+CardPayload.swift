import ProvisioningAPI

extension ServiceError {
    /// The problem for a card payload that does not validate.
    ///
    /// Neither the detail nor any ``FieldIssue`` holds a submitted value: the
    /// payload carries a PAN and an expiry, so the error names fields and
    /// reasons only. The wire's ``ServiceError/fieldProblems`` point into the
    /// request's `encryptedPayload`; ``ServiceError/issues`` keep the
    /// validator's finer reasons.
    ///
    /// ```swift
    /// do {
    ///     let card = try CardPayloadValidator.validate(payload, scheme: .visa, now: .now)
    /// } catch where error.code == .payloadInvalid {
    ///     for issue in error.issues { print(issue.field, issue.reason) }  // "expiration expired"
    /// }
    /// ```
    static func payloadInvalid(_ issues: [FieldIssue]) -> ServiceError {
        let problems = issues.map { issue in
            FieldProblem(field: "/encryptedPayload/\(issue.field)", reason: reason(for: issue.reason))
        }
        return ServiceError(.payloadInvalid, "the card payload is invalid", fieldProblems: problems, issues: issues)
    }

    static func reason(for reason: FieldIssue.Reason) -> FieldProblemReason {
        switch reason {
        case .missing: .missing
        case .wrongType: .wrongType
        case .luhnCheckFailed: .luhn
        case .expired: .expired
        case .schemeMismatch: .schemeMismatch
        case .outOfRange: .outOfRange
        case .invalidLength, .tooLarge: .tooLong
        case .unexpectedField: .unknownValue
        default: .malformed
        }
    }
}
