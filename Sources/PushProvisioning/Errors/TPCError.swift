import Foundation

/// An error raised by the Push Provisioning SDK.
///
/// Every failure the SDK itself detects (as opposed to errors Apple Wallet
/// reports in `PKPassKitErrorDomain`, which are passed through unchanged) is a
/// `TPCError`. Switch on ``code``; show ``errorDescription`` and
/// ``recoverySuggestion`` to the user or in support screens, and quote
/// ``requestId`` when you contact the service's operators.
///
/// ```swift
/// func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
///     if let error = error as? TPCError {
///         log("provisioning failed: \(error.code), request \(error.requestId ?? "-")")
///         if error.code == .serviceUnavailable { showRetryLater() }
///     }
/// }
/// ```
///
/// Descriptions never contain a PAN, expiry, authorization code, nonce or
/// payload: they say what went wrong, not with which values.
public struct TPCError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A call was made before ``TPCSDK/configure(url:issuerId:)``.
        public static let notConfigured = Code(rawValue: "not-configured")
        /// An argument is empty, out of range or unknown (a scheme string, a suffix…).
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// A value has the wrong format: a deep link, a URL, an answer of the service.
        public static let invalidFormat = Code(rawValue: "invalid-format")
        /// The SDK found itself in a state it should never be in (a bug, or a
        /// pass library that changed under it).
        public static let internalInconsistency = Code(rawValue: "internal-inconsistency")
        /// The service answered with an error; see ``TPCError/serverCode``.
        public static let serverError = Code(rawValue: "server-error")
        /// The operation is not available here (no Wallet, no secure element,
        /// a scheme the service does not support).
        public static let notSupported = Code(rawValue: "not-supported")
        /// The device is not trustworthy enough to provision a card.
        public static let deviceEnvironmentUnsafe = Code(rawValue: "device-environment-unsafe")
        /// The service could not be reached (no connection, refused, DNS).
        public static let serviceUnavailable = Code(rawValue: "service-unavailable")
        /// The service did not answer in time.
        public static let timedOut = Code(rawValue: "timed-out")
        /// No pass, token or card matches what was asked for.
        public static let notFound = Code(rawValue: "not-found")
    }

    /// The kind of failure.
    public let code: Code
    /// A short explanation without secrets, meant for logs.
    public let message: String
    /// The service's request identifier (`X-Request-Id`), when a request was sent.
    public let requestId: String?
    /// For ``Code/serverError``: the problem type the service answered with
    /// (for example `urn:pushprovisioning:problem:authorization-code-expired`).
    public let serverCode: String?
    /// For ``Code/serverError``: the HTTP status.
    public let httpStatus: Int?

    /// Makes an error.
    public init(
        _ code: Code, _ message: String, requestId: String? = nil, serverCode: String? = nil, httpStatus: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.requestId = requestId
        self.serverCode = serverCode
        self.httpStatus = httpStatus
    }

    /// A ``Code/serverError`` with the service's problem type and message.
    public static func serverError(
        code: String, message: String, requestId: String? = nil, httpStatus: Int? = nil
    )
        -> TPCError
    {
        TPCError(.serverError, message, requestId: requestId, serverCode: code, httpStatus: httpStatus)
    }

    /// The same error with a request identifier, keeping an existing one.
    func withRequestId(_ id: String?) -> TPCError {
        TPCError(code, message, requestId: requestId ?? id, serverCode: serverCode, httpStatus: httpStatus)
    }

    public var description: String {
        var text = "TPCError(\(code)): \(message)"
        if let serverCode { text += " [\(serverCode)]" }
        if let requestId { text += " (request \(requestId))" }
        return text
    }
}

extension TPCError: LocalizedError {
    public var errorDescription: String? {
        switch code {
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
        default: message
        }
    }

    public var recoverySuggestion: String? {
        switch code {
        case .notConfigured:
            return "Call TPCSDK.configure(url:issuerId:) (or configure(variant:issuerId:)) before any other call."
        case .invalidArgument, .invalidFormat:
            return "Check the values passed to the SDK against its documentation."
        case .internalInconsistency:
            return "Retry; if it happens again, report it with the request id."
        case .serverError:
            return serverRecoverySuggestion
        case .notSupported:
            return "Hide the Add to Apple Wallet button for this card or device."
        case .deviceEnvironmentUnsafe:
            return "Add the card from another device."
        case .serviceUnavailable:
            return "Check the network connection and try again in a moment."
        case .timedOut:
            return "Try again; if the service stays slow, try again later."
        case .notFound:
            return "Refresh the card list; the card may have been removed from Wallet."
        default:
            return nil
        }
    }

    private var serverRecoverySuggestion: String {
        let slug = serverCode.map { $0.split(separator: ":").last.map(String.init) ?? $0 } ?? ""
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
