import ProvisioningAPI

/// A refusal or failure of a service operation, carrying the problem `type` the
/// client receives.
///
/// Every error path of the service ends in a `ServiceError`, which the HTTP layer
/// turns into a ``ProvisioningAPI/ProblemDetails`` document with the same stable
/// `type` URI. ``detail`` is shown to the client, so it never holds card data,
/// codes, nonces or keys; ``fieldProblems`` name fields by JSON pointer only.
///
/// ```swift
/// throw ServiceError(.authorizationCodeExpired, "the authorization code has expired")
/// ```
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure: the slug of a ``ProvisioningAPI/ProblemType``.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The problem type this code is answered with.
        public var problemType: ProblemType { ProblemType(slug: rawValue) }

        public static let malformedJSON = Code(rawValue: "malformed-json")
        public static let invalidField = Code(rawValue: "invalid-field")
        public static let payloadUndecryptable = Code(rawValue: "payload-undecryptable")
        public static let payloadInvalid = Code(rawValue: "payload-invalid")
        public static let authorizationCodeInvalid = Code(rawValue: "authorization-code-invalid")
        public static let authorizationCodeExpired = Code(rawValue: "authorization-code-expired")
        public static let authorizationCodeReplayed = Code(rawValue: "authorization-code-replayed")
        public static let authorizationCodeScope = Code(rawValue: "authorization-code-scope")
        public static let certificateChainInvalid = Code(rawValue: "certificate-chain-invalid")
        public static let nonceReplayed = Code(rawValue: "nonce-replayed")
        public static let unknownIssuer = Code(rawValue: "unknown-issuer")
        public static let notFound = Code(rawValue: "not-found")
        public static let illegalTransition = Code(rawValue: "illegal-transition")
        public static let conflict = Code(rawValue: "conflict")
        public static let unauthorized = Code(rawValue: "unauthorized")
        public static let notificationSignatureInvalid = Code(rawValue: "notification-signature-invalid")
        public static let notificationStale = Code(rawValue: "notification-stale")
        public static let serviceUnavailable = Code(rawValue: "service-unavailable")
        public static let upstreamNetworkError = Code(rawValue: "upstream-network-error")
        public static let declined = Code(rawValue: "declined")
        public static let unsupportedScheme = Code(rawValue: "unsupported-scheme")
        public static let unsupportedMediaType = Code(rawValue: "unsupported-media-type")
        public static let activationCodeInvalid = Code(rawValue: "activation-code-invalid")
        public static let activationLocked = Code(rawValue: "activation-locked")
        public static let activationSessionExpired = Code(rawValue: "activation-session-expired")
        public static let cryptogramInvalid = Code(rawValue: "cryptogram-invalid")
        public static let `internal` = Code(rawValue: "internal")
    }

    public let code: Code
    /// A short explanation for the client, without secrets or card data.
    public let detail: String
    /// The HTTP status; the problem type's default unless overridden.
    public let status: Int
    /// Fields at fault, by JSON pointer.
    public let fieldProblems: [FieldProblem]

    public init(_ code: Code, _ detail: String, status: Int? = nil, fieldProblems: [FieldProblem] = []) {
        self.code = code
        self.detail = detail
        self.status = status ?? code.problemType.defaultStatus
        self.fieldProblems = fieldProblems
    }

    /// The problem document for a request.
    public func problem(requestId: String?, instance: String?) -> ProblemDetails {
        ProblemDetails(
            code.problemType, status: status, detail: detail, instance: instance, requestId: requestId,
            errors: fieldProblems.isEmpty ? nil : fieldProblems)
    }

    public var description: String { "\(status) \(code): \(detail)" }
}
