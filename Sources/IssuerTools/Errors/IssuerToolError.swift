/// A failure of the issuer's client tools (back office, authorization codes,
/// payloads), as `tpc tokens` and `tpc issuer` report it.
///
/// Descriptions name what failed and never carry a PAN, an expiry, a key, an
/// authorization code or a nonce: they are printed on the terminal.
///
/// ```swift
/// do {
///     _ = try await backOffice.tokens()
/// } catch let error as IssuerToolError where error.code == .serviceRefused && error.httpStatus == 401 {
///     // wrong API key
/// }
/// ```
public struct IssuerToolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The service could not be reached (refused, reset, timed out).
        public static let serviceUnreachable = Code(rawValue: "service-unreachable")
        /// The service's TLS certificate does not lead to a trusted certificate,
        /// or does not name the URL's host.
        public static let untrustedService = Code(rawValue: "service-untrusted")
        /// The service answered with an error status.
        public static let serviceRefused = Code(rawValue: "service-refused")
        /// The service's answer does not match the contract.
        public static let invalidResponse = Code(rawValue: "invalid-response")
        /// A file (key, certificate) is missing or unreadable.
        public static let unreadableFile = Code(rawValue: "unreadable-file")
        /// Input data (a card JSON, a claim, a key) is not acceptable.
        public static let invalidInput = Code(rawValue: "invalid-input")
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
