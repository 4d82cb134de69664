import ProvisioningAPI
import ProvisioningPrimitives

/// The service's error: a refusal or failure of an operation, carrying the
/// problem `type` the client receives, and the service's own failures that never
/// reach a client as themselves — a configuration that cannot be used, a metric
/// that cannot be registered, a card network's answer to a connector call.
///
/// Operations throw a `ServiceError` and the HTTP layer answers its ``problem``
/// (``ProvisioningAPI/ProblemConvertible``): a ``ProvisioningAPI/ProblemDetails``
/// document with the same stable `type` URI. ``detail`` is shown to the client, so it never holds card data,
/// codes, nonces or keys; ``fieldProblems`` name fields by JSON pointer only.
///
/// A code whose slug is in the problem catalogue is answered with that type; any
/// other code (``Code/missingSetting``, ``Code/networkRejected``…) is answered as
/// `internal` with a generic detail, should it ever escape to a client.
///
/// ```swift
/// throw ServiceError(.authorizationCodeExpired, "the authorization code has expired")
/// throw ServiceError(.missingSetting, issuerId: "bank-1", field: "issuers[0].notificationSecret", "required")
/// ```
package struct ServiceError: ProblemConvertible, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure: the slug of a ``ProvisioningAPI/ProblemType``, or a
    /// code of the service's own. New codes are added as static members; switch
    /// with a `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The code of the catalogue's `type`, whose slug it is: the catalogue
        /// spells it once.
        init(_ type: ProblemType) { self.init(rawValue: type.slug ?? type.rawValue) }

        /// The problem type this code is answered with: the catalogue's type of
        /// the same slug, `internal` for a code of the service's own.
        package var problemType: ProblemType {
            let type = ProblemType(slug: rawValue)
            return type.isKnown ? type : .internal
        }

        package static let malformedJSON = Code(.malformedJSON)
        package static let invalidField = Code(.invalidField)
        package static let payloadUndecryptable = Code(.payloadUndecryptable)
        package static let payloadInvalid = Code(.payloadInvalid)
        package static let authorizationCodeInvalid = Code(.authorizationCodeInvalid)
        package static let authorizationCodeExpired = Code(.authorizationCodeExpired)
        package static let authorizationCodeReplayed = Code(.authorizationCodeReplayed)
        package static let authorizationCodeScope = Code(.authorizationCodeScope)
        package static let certificateChainInvalid = Code(.certificateChainInvalid)
        package static let nonceReplayed = Code(.nonceReplayed)
        package static let unknownIssuer = Code(.unknownIssuer)
        package static let notFound = Code(.notFound)
        package static let illegalTransition = Code(.illegalTransition)
        package static let conflict = Code(.conflict)
        package static let bodyTooLarge = Code(.bodyTooLarge)
        package static let unauthorized = Code(.unauthorized)
        package static let notificationSignatureInvalid = Code(.notificationSignatureInvalid)
        package static let notificationStale = Code(.notificationStale)
        package static let serviceUnavailable = Code(.serviceUnavailable)
        package static let upstreamNetworkError = Code(.upstreamNetworkError)
        package static let declined = Code(.declined)
        package static let unsupportedScheme = Code(.unsupportedScheme)
        package static let unsupportedMediaType = Code(.unsupportedMediaType)
        package static let activationCodeInvalid = Code(.activationCodeInvalid)
        package static let activationLocked = Code(.activationLocked)
        package static let activationSessionExpired = Code(.activationSessionExpired)
        package static let cryptogramInvalid = Code(.cryptogramInvalid)
        package static let `internal` = Code(.internal)

        // The issuer configuration (``IssuerConfiguration``), named with
        // ``ServiceError/issuerId`` and ``ServiceError/field``.

        /// The configuration file cannot be read.
        package static let unreadableFile = Code(rawValue: "unreadable-file")
        /// The configuration is not JSON.
        package static let invalidJSON = Code(rawValue: "invalid-json")
        /// A required setting is absent.
        package static let missingSetting = Code(rawValue: "missing-setting")
        /// A setting has the wrong type or a value outside what it accepts.
        package static let invalidSetting = Code(rawValue: "invalid-setting")
        /// Two issuers share an id, or a list holds the same entry twice.
        package static let duplicateSetting = Code(rawValue: "duplicate-setting")
        /// A file the configuration refers to cannot be read or is empty.
        package static let unreadableReference = Code(rawValue: "unreadable-reference")
        /// A certificate the service relies on (a pinned root, a payload
        /// certificate) is outside its validity period.
        package static let unusableCertificate = Code(rawValue: "unusable-certificate")

        // Metrics registration (``MetricsRegistry``): names fixed in code, so a
        // programming mistake.

        /// A metric or label name outside the Prometheus name alphabet, or a
        /// label name reserved by Prometheus (`le`, `__…`).
        package static let invalidMetricName = Code(rawValue: "invalid-metric-name")
        /// The name is already registered with another type, help or label set.
        package static let conflictingRegistration = Code(rawValue: "conflicting-registration")
        /// Histogram buckets that are empty, unsorted, repeated or not finite.
        package static let invalidBuckets = Code(rawValue: "invalid-buckets")

        // A card network's answer to a ``TokenServiceConnector`` call, which
        // the lifecycle maps to the client's problem.

        /// The network could not be reached or answered with a server error; retry later.
        package static let networkUnavailable = Code(rawValue: "network-unavailable")
        /// The network does not know the token.
        package static let networkUnknownToken = Code(rawValue: "network-unknown-token")
        /// The network refused the action (its own rules, e.g. a deleted token).
        package static let networkRejected = Code(rawValue: "network-rejected")
    }

    package let code: Code
    /// A short explanation for the client, without secrets or card data.
    package let detail: String
    /// The HTTP status; the problem type's default unless overridden.
    package let status: Int
    /// Fields at fault, by JSON pointer.
    package let fieldProblems: [FieldProblem]
    /// The card payload's failing fields, with the validator's own reasons
    /// (finer than the wire's ``fieldProblems``): for ``Code/payloadInvalid``.
    package let issues: [FieldIssue]
    /// The issuer a configuration error is about, when it is inside one.
    package let issuerId: String?
    /// The configuration setting at fault, as a path such as
    /// `issuers[0].payloadKey.privateKeyPEMFile`; never a value.
    package let field: String?

    package init(
        _ code: Code, _ detail: String, status: Int? = nil, fieldProblems: [FieldProblem] = [],
        issues: [FieldIssue] = []
    ) {
        self.code = code
        self.detail = detail
        self.status = status ?? code.problemType.defaultStatus
        self.fieldProblems = fieldProblems
        self.issues = issues
        self.issuerId = nil
        self.field = nil
    }

    /// A configuration error naming the setting (and the issuer, when inside one).
    package init(_ code: Code, issuerId: String? = nil, field: String, _ detail: String) {
        self.code = code
        self.detail = detail
        self.status = code.problemType.defaultStatus
        self.fieldProblems = []
        self.issues = []
        self.issuerId = issuerId
        self.field = field
    }

    /// The same error, naming `issuerId` unless it names an issuer already.
    func naming(issuerId: String?) -> ServiceError {
        guard self.issuerId == nil, let issuerId, let field else { return self }
        return ServiceError(code, issuerId: issuerId, field: field, detail)
    }

    /// The problem document the client receives; the HTTP layer adds the
    /// request's path and id.
    package var problem: ProblemDetails {
        // A code of the service's own says nothing to a client and its detail
        // may name internals: the generic problem instead.
        guard code.problemType != .internal || code == .internal else {
            return .unexpected
        }
        return ProblemDetails(
            code.problemType, status: status, detail: detail, errors: fieldProblems.isEmpty ? nil : fieldProblems)
    }

    package var description: String {
        guard let field else {
            // Fields and reasons only, never a value: a log line may quote this.
            let issues = issues.isEmpty ? "" : " (" + issues.map(\.description).joined(separator: ", ") + ")"
            return "\(status) \(code): \(detail)\(issues)"
        }
        return "\(code): " + (issuerId.map { "issuer \($0): " } ?? "") + "\(field): \(detail)"
    }
}
