import ProvisioningAPI

/// A refusal or failure of a service operation, carrying the problem `type` the
/// client receives.
///
/// Operations throw a `ServiceError` and the HTTP layer answers its ``problem``
/// (``ProvisioningAPI/ProblemConvertible``): a ``ProvisioningAPI/ProblemDetails``
/// document with the same stable `type` URI. ``detail`` is shown to the client, so it never holds card data,
/// codes, nonces or keys; ``fieldProblems`` name fields by JSON pointer only.
///
/// ```swift
/// throw ServiceError(.authorizationCodeExpired, "the authorization code has expired")
/// ```
package struct ServiceError: ProblemConvertible, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure: the slug of a ``ProvisioningAPI/ProblemType``.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The problem type this code is answered with.
        package var problemType: ProblemType { ProblemType(slug: rawValue) }

        package static let malformedJSON = Code(rawValue: "malformed-json")
        package static let invalidField = Code(rawValue: "invalid-field")
        package static let payloadUndecryptable = Code(rawValue: "payload-undecryptable")
        package static let payloadInvalid = Code(rawValue: "payload-invalid")
        package static let authorizationCodeInvalid = Code(rawValue: "authorization-code-invalid")
        package static let authorizationCodeExpired = Code(rawValue: "authorization-code-expired")
        package static let authorizationCodeReplayed = Code(rawValue: "authorization-code-replayed")
        package static let authorizationCodeScope = Code(rawValue: "authorization-code-scope")
        package static let certificateChainInvalid = Code(rawValue: "certificate-chain-invalid")
        package static let nonceReplayed = Code(rawValue: "nonce-replayed")
        package static let unknownIssuer = Code(rawValue: "unknown-issuer")
        package static let notFound = Code(rawValue: "not-found")
        package static let illegalTransition = Code(rawValue: "illegal-transition")
        package static let conflict = Code(rawValue: "conflict")
        package static let unauthorized = Code(rawValue: "unauthorized")
        package static let notificationSignatureInvalid = Code(rawValue: "notification-signature-invalid")
        package static let notificationStale = Code(rawValue: "notification-stale")
        package static let serviceUnavailable = Code(rawValue: "service-unavailable")
        package static let upstreamNetworkError = Code(rawValue: "upstream-network-error")
        package static let declined = Code(rawValue: "declined")
        package static let unsupportedScheme = Code(rawValue: "unsupported-scheme")
        package static let unsupportedMediaType = Code(rawValue: "unsupported-media-type")
        package static let activationCodeInvalid = Code(rawValue: "activation-code-invalid")
        package static let activationLocked = Code(rawValue: "activation-locked")
        package static let activationSessionExpired = Code(rawValue: "activation-session-expired")
        package static let cryptogramInvalid = Code(rawValue: "cryptogram-invalid")
        package static let `internal` = Code(rawValue: "internal")
    }

    package let code: Code
    /// A short explanation for the client, without secrets or card data.
    package let detail: String
    /// The HTTP status; the problem type's default unless overridden.
    package let status: Int
    /// Fields at fault, by JSON pointer.
    package let fieldProblems: [FieldProblem]

    package init(_ code: Code, _ detail: String, status: Int? = nil, fieldProblems: [FieldProblem] = []) {
        self.code = code
        self.detail = detail
        self.status = status ?? code.problemType.defaultStatus
        self.fieldProblems = fieldProblems
    }

    /// The problem document the client receives; the HTTP layer adds the
    /// request's path and id.
    package var problem: ProblemDetails {
        ProblemDetails(
            code.problemType, status: status, detail: detail, errors: fieldProblems.isEmpty ? nil : fieldProblems)
    }

    package var description: String { "\(status) \(code): \(detail)" }
}
