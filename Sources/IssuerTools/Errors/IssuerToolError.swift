import ProvisioningPrimitives

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
package struct IssuerToolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The service could not be reached (refused, reset, timed out).
        package static let serviceUnreachable = Code(rawValue: "service-unreachable")
        /// The service's TLS certificate does not lead to a trusted certificate,
        /// or does not name the URL's host.
        package static let untrustedService = Code(rawValue: "service-untrusted")
        /// The service answered with an error status.
        package static let serviceRefused = Code(rawValue: "service-refused")
        /// The service's answer does not match the contract.
        package static let invalidResponse = Code(rawValue: "invalid-response")
        /// A file (key, certificate) is missing or unreadable.
        package static let unreadableFile = Code(rawValue: "unreadable-file")
        /// Input data (a card JSON, a claim, a key) is not acceptable.
        package static let invalidInput = Code(rawValue: "invalid-input")
    }

    /// The kind of failure.
    package let code: Code
    /// What failed, without secrets.
    package let message: String
    /// The HTTP status of a refusal.
    package let httpStatus: Int?
    /// The problem `type` of a refusal.
    package let problemType: String?
    /// The `X-Request-Id` of the exchange, to find it in the service's log.
    package let requestId: String?

    package init(
        _ code: Code, _ message: String, httpStatus: Int? = nil, problemType: String? = nil, requestId: String? = nil
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.problemType = problemType
        self.requestId = requestId
    }

    package var description: String {
        Self.describing(message, httpStatus: httpStatus, problemType: problemType, requestId: requestId)
    }

    /// `message`, then what the service answered — `(HTTP 409, conflict)
    /// [request 4b1e…]` — as the tools print a refusal; `tpc demo` prints the
    /// sandbox's refusals so too.
    package static func describing(
        _ message: String, httpStatus: Int?, problemType: String?, requestId: String?
    ) -> String {
        var text = message
        if let httpStatus { text += " (HTTP \(httpStatus)" + (problemType.map { ", \($0)" } ?? "") + ")" }
        if let requestId { text += " [request \(requestId)]" }
        return text
    }
}
