/// A failure of `tpc demo` (the issuer's client tools throw ``IssuerToolError``).
///
/// Descriptions name what failed and never carry a PAN, an expiry, a key, an
/// authorization code or a nonce: they are printed on the terminal.
public struct DemoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A check of a demo step did not hold.
        public static let verificationFailed = Code(rawValue: "verification-failed")
        /// A step needs something an earlier step should have made.
        public static let missingPrerequisite = Code(rawValue: "missing-prerequisite")
        /// The sandbox process could not be started or did not become ready.
        public static let sandboxUnavailable = Code(rawValue: "sandbox-unavailable")
        /// The service could not be reached.
        public static let serviceUnreachable = Code(rawValue: "service-unreachable")
        /// The service answered with an error status.
        public static let serviceRefused = Code(rawValue: "service-refused")
        /// The service's answer does not match the contract.
        public static let invalidResponse = Code(rawValue: "invalid-response")
        /// A file (sandbox directory, key, certificate) is missing or unreadable.
        public static let unreadableFile = Code(rawValue: "unreadable-file")
        /// Input data (a card JSON, a claim) is not acceptable.
        public static let invalidInput = Code(rawValue: "invalid-input")
        /// A child process could not be started or did not end in time.
        public static let processFailed = Code(rawValue: "process-failed")
    }

    /// The kind of failure.
    public let code: Code
    /// What failed, without secrets.
    public let message: String
    /// The HTTP status of a refusal.
    public let httpStatus: Int?
    /// The problem `type` of a refusal.
    public let problemType: String?
    /// The `X-Request-Id` of the exchange, to find it in the service's log.
    public let requestId: String?

    public init(
        _ code: Code, _ message: String, httpStatus: Int? = nil, problemType: String? = nil, requestId: String? = nil
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.problemType = problemType
        self.requestId = requestId
    }

    public var description: String {
        var text = message
        if let httpStatus { text += " (HTTP \(httpStatus)" + (problemType.map { ", \($0)" } ?? "") + ")" }
        if let requestId { text += " [request \(requestId)]" }
        return text
    }
}
