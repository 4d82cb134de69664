import ProvisioningAPI

extension ServiceError {
    /// Refused card art: `invalid-field` at the body (`/`), `malformed` for a file
    /// that is not a well-formed PNG, `out-of-range` for a PNG of the wrong size.
    static func artRefused(_ detail: String, reason: FieldProblemReason = .malformed) -> ServiceError {
        ServiceError(.invalidField, detail, fieldProblems: [FieldProblem(field: "/", reason: reason)])
    }
}
