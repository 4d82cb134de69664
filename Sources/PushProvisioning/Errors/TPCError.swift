import Foundation
import ProvisioningPrimitives

/// An error raised by the Push Provisioning SDK, shaped like TPC SDK 2.7's
/// `TPCError`: an enumeration whose cases and associated values are the
/// published ones, so that code written for that SDK matches it unchanged.
///
/// Every failure the SDK itself detects (as opposed to errors Apple Wallet
/// reports in `PKPassKitErrorDomain`, which are passed through unchanged) is a
/// `TPCError`. Match its cases, or switch on ``code`` with a `default` branch;
/// show ``errorDescription`` and ``recoverySuggestion`` to the user or in
/// support screens, and quote ``requestId`` when you contact the service's
/// operators.
///
/// ```swift
/// func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
///     guard let error = error as? TPCError else { return }
///     if case .serverError(let status, let message) = error {
///         log("the service refused (HTTP \(status)): \(message), request \(error.requestId ?? "-")")
///     } else if error.code == .serviceUnavailable {
///         showRetryLater()
///     }
/// }
/// ```
///
/// The published cases are ``notConfigured``, ``invalidArgument(_:)``,
/// ``invalidFormat(_:)``, ``internalInconsistency(_:)``,
/// ``serverError(_:_:)`` (the HTTP status and the service's message),
/// ``notSupported(_:)`` and ``deviceEnvironmentUnsafe(_:)``; this SDK adds
/// ``serviceUnavailable(_:)``, ``timedOut(_:)`` and ``notFound(_:)``. More may
/// come: an exhaustive `switch` needs a `default` branch.
///
/// An enumeration case has no room beyond its associated values, so the
/// service's request identifier and, for ``serverError(_:_:)``, its problem
/// type travel at the end of the message — `"… [urn:…:problem:…] (request
/// 4b1e…)"` — where logs show them too; ``message``, ``requestId`` and
/// ``problemType`` read them back. Messages never contain a PAN, expiry,
/// authorization code, nonce or payload: they say what went wrong, not with
/// which values.
public enum TPCError: Error, Hashable, Sendable {
    /// A call was made before ``TPCSDK/configure(url:issuerId:)``.
    case notConfigured
    /// An argument is empty, out of range or unknown (a scheme string, a suffix…).
    case invalidArgument(String)
    /// A value has the wrong format: a deep link, a URL, an answer of the service.
    case invalidFormat(String)
    /// The SDK found itself in a state it should never be in (a bug, or a pass
    /// library that changed under it).
    case internalInconsistency(String)
    /// The service answered with an error: the HTTP status and the service's
    /// message (see ``problemType`` for the kind of problem).
    case serverError(Int, String)
    /// The operation is not available here (no Wallet, no secure element, a
    /// scheme the service does not support).
    case notSupported(String)
    /// The device is not trustworthy enough to provision a card; the value is
    /// the reason's code.
    case deviceEnvironmentUnsafe(Int)
    /// The service could not be reached (no connection, refused, DNS).
    case serviceUnavailable(String)
    /// The service did not answer in time.
    case timedOut(String)
    /// No pass, token or card matches what was asked for.
    case notFound(String)

    /// The kind of failure, for code that compares kinds rather than matching
    /// cases (`error.code == .serverError`). New codes are added as static
    /// members; switch with a `default` branch.
    public struct Code: ExtensibleEnumeration {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// ``TPCError/notConfigured``.
        public static let notConfigured = Code(rawValue: "not-configured")
        /// ``TPCError/invalidArgument(_:)``.
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// ``TPCError/invalidFormat(_:)``.
        public static let invalidFormat = Code(rawValue: "invalid-format")
        /// ``TPCError/internalInconsistency(_:)``.
        public static let internalInconsistency = Code(rawValue: "internal-inconsistency")
        /// ``TPCError/serverError(_:_:)``.
        public static let serverError = Code(rawValue: "server-error")
        /// ``TPCError/notSupported(_:)``.
        public static let notSupported = Code(rawValue: "not-supported")
        /// ``TPCError/deviceEnvironmentUnsafe(_:)``.
        public static let deviceEnvironmentUnsafe = Code(rawValue: "device-environment-unsafe")
        /// ``TPCError/serviceUnavailable(_:)``.
        public static let serviceUnavailable = Code(rawValue: "service-unavailable")
        /// ``TPCError/timedOut(_:)``.
        public static let timedOut = Code(rawValue: "timed-out")
        /// ``TPCError/notFound(_:)``.
        public static let notFound = Code(rawValue: "not-found")
    }

    /// Makes the case of `code` with `message` and, when a request was sent,
    /// its identifier.
    ///
    /// ``Code/serverError`` takes `httpStatus` (0 when unknown) and the
    /// service's `problemType`; ``Code/notConfigured`` and
    /// ``Code/deviceEnvironmentUnsafe`` keep nothing but the kind, as they
    /// are local failures. An unknown code makes ``internalInconsistency(_:)``.
    ///
    /// ```swift
    /// throw TPCError(.invalidArgument, "last4 must be four digits")
    /// ```
    public init(
        _ code: Code, _ message: String, requestId: String? = nil, problemType: String? = nil, httpStatus: Int? = nil
    ) {
        let text = Trailer(text: message, problemType: code == .serverError ? problemType : nil, requestId: requestId)
            .rendered
        switch code {
        case .notConfigured: self = .notConfigured
        case .invalidArgument: self = .invalidArgument(text)
        case .invalidFormat: self = .invalidFormat(text)
        case .serverError: self = .serverError(httpStatus ?? 0, text)
        case .notSupported: self = .notSupported(text)
        case .deviceEnvironmentUnsafe: self = .deviceEnvironmentUnsafe(0)
        case .serviceUnavailable: self = .serviceUnavailable(text)
        case .timedOut: self = .timedOut(text)
        case .notFound: self = .notFound(text)
        default: self = .internalInconsistency(text)
        }
    }

    /// The kind of failure.
    public var code: Code {
        switch self {
        case .notConfigured: .notConfigured
        case .invalidArgument: .invalidArgument
        case .invalidFormat: .invalidFormat
        case .internalInconsistency: .internalInconsistency
        case .serverError: .serverError
        case .notSupported: .notSupported
        case .deviceEnvironmentUnsafe: .deviceEnvironmentUnsafe
        case .serviceUnavailable: .serviceUnavailable
        case .timedOut: .timedOut
        case .notFound: .notFound
        }
    }

    /// A short explanation without secrets, meant for logs: the associated
    /// message without its request id and problem type.
    public var message: String {
        switch self {
        case .notConfigured: "TPCSDK.configure was not called"
        case .deviceEnvironmentUnsafe(let reason): "the device environment is unsafe (reason \(reason))"
        default: trailer.map(\.text) ?? ""
        }
    }

    /// The identifier of the failed request (the service's `X-Request-Id`),
    /// or `nil` for a local error. Setting it replaces the identifier in the
    /// message; it cannot be set on ``notConfigured`` or
    /// ``deviceEnvironmentUnsafe(_:)``, which no request causes.
    public var requestId: String? {
        get { trailer?.requestId }
        set {
            guard var trailer else { return }
            trailer.requestId = newValue
            self = replacingMessage(with: trailer.rendered)
        }
    }

    /// For ``serverError(_:_:)``: the RFC 9457 problem type the service
    /// answered with (for example
    /// `urn:pushprovisioning:problem:authorization-code-expired`).
    public var problemType: String? {
        guard case .serverError = self else { return nil }
        return trailer?.problemType
    }

    /// For ``serverError(_:_:)``: the HTTP status (0 when unknown).
    public var httpStatus: Int? {
        guard case .serverError(let status, _) = self else { return nil }
        return status
    }

    /// The error for an RFC 9457 problem the service answered.
    init(status: Int, problemType: String, message: String, requestId: String?) {
        self = .serverError(status, Trailer(text: message, problemType: problemType, requestId: requestId).rendered)
    }

    /// The same error with a request identifier, keeping an existing one.
    func withRequestId(_ id: String?) -> TPCError {
        guard requestId == nil, let id else { return self }
        var copy = self
        copy.requestId = id
        return copy
    }

    private var trailer: Trailer? {
        switch self {
        case .notConfigured, .deviceEnvironmentUnsafe: nil
        case .invalidArgument(let text), .invalidFormat(let text), .internalInconsistency(let text),
            .serverError(_, let text), .notSupported(let text), .serviceUnavailable(let text), .timedOut(let text),
            .notFound(let text):
            Trailer(parsing: text)
        }
    }

    private func replacingMessage(with text: String) -> TPCError {
        switch self {
        case .notConfigured, .deviceEnvironmentUnsafe: self
        case .invalidArgument: .invalidArgument(text)
        case .invalidFormat: .invalidFormat(text)
        case .internalInconsistency: .internalInconsistency(text)
        case .serverError(let status, _): .serverError(status, text)
        case .notSupported: .notSupported(text)
        case .serviceUnavailable: .serviceUnavailable(text)
        case .timedOut: .timedOut(text)
        case .notFound: .notFound(text)
        }
    }
}

extension TPCError {
    /// The end of a message that carries the problem type and the request id:
    /// `"text [problem type] (request id)"`, each part optional.
    struct Trailer: Hashable {
        var text: String
        var problemType: String?
        var requestId: String?

        private static let requestPrefix = " (request "

        init(text: String, problemType: String?, requestId: String?) {
            self.text = text
            self.problemType = problemType.flatMap { $0.isEmpty ? nil : $0 }
            self.requestId = requestId.flatMap { $0.isEmpty ? nil : $0 }
        }

        init(parsing message: String) {
            var rest = Substring(message)
            var requestId: String?
            if rest.hasSuffix(")"), let start = rest.range(of: Self.requestPrefix, options: .backwards) {
                let id = rest[start.upperBound..<rest.index(before: rest.endIndex)]
                if !id.isEmpty, !id.contains("("), !id.contains(")") {
                    requestId = String(id)
                    rest = rest[..<start.lowerBound]
                }
            }
            var problemType: String?
            if rest.hasSuffix("]"), let start = rest.range(of: " [", options: .backwards) {
                let type = rest[start.upperBound..<rest.index(before: rest.endIndex)]
                if !type.isEmpty, !type.contains("["), !type.contains("]") {
                    problemType = String(type)
                    rest = rest[..<start.lowerBound]
                }
            }
            self.init(text: String(rest), problemType: problemType, requestId: requestId)
        }

        var rendered: String {
            var result = text
            if let problemType { result += " [\(problemType)]" }
            if let requestId { result += Self.requestPrefix + requestId + ")" }
            return result
        }
    }
}

extension TPCError: CustomStringConvertible {
    public var description: String {
        var text = "TPCError(\(code)): \(message)"
        if let httpStatus { text += " (HTTP \(httpStatus))" }
        if let problemType { text += " [\(problemType)]" }
        if let requestId { text += " (request \(requestId))" }
        return text
    }
}

extension TPCError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notConfigured: "The Push Provisioning SDK is not configured."
        case .invalidArgument: "An argument was refused: \(message)."
        case .invalidFormat: "A value has an unexpected format: \(message)."
        case .internalInconsistency: "The Push Provisioning SDK reached an inconsistent state: \(message)."
        case .serverError: "The provisioning service refused the request: \(message)."
        case .notSupported: "This operation is not supported here: \(message)."
        case .deviceEnvironmentUnsafe: "This device cannot be used to add a card."
        case .serviceUnavailable: "The provisioning service cannot be reached."
        case .timedOut: "The provisioning service did not answer in time."
        case .notFound: "Nothing was found: \(message)."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notConfigured:
            "Call TPCSDK.configure(url:issuerId:) (or configure(variant:issuerId:)) before any other call."
        case .invalidArgument, .invalidFormat:
            "Check the values passed to the SDK against its documentation."
        case .internalInconsistency:
            "Retry; if it happens again, report it with the request id."
        case .serverError:
            serverRecoverySuggestion
        case .notSupported:
            "Hide the Add to Apple Wallet button for this card or device."
        case .deviceEnvironmentUnsafe:
            "Add the card from another device."
        case .serviceUnavailable:
            "Check the network connection and try again in a moment."
        case .timedOut:
            "Try again; if the service stays slow, try again later."
        case .notFound:
            "Refresh the card list; the card may have been removed from Wallet."
        }
    }

    private var serverRecoverySuggestion: String {
        let slug = problemType.map { $0.split(separator: ":").last.map(String.init) ?? $0 } ?? ""
        switch slug {
        case "authorization-code-expired", "authorization-code-replayed", "authorization-code-invalid",
            "authorization-code-scope", "unauthorized":
            return "Ask your backend for a new authorization code for this card and try again."
        case "nonce-replayed":
            return "Start adding the card again from the beginning."
        case "illegal-transition":
            return "Refresh the token's state; the action does not apply to it any more."
        case "rate-limited", "service-unavailable", "upstream-network-error":
            return "Try again in a moment."
        default:
            return "Try again later; if it keeps failing, contact support with the request id."
        }
    }
}
