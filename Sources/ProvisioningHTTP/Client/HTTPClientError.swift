/// Why ``HTTPClient/send(_:)`` got no complete response.
///
/// The reason names the peer (`host:port`) and the failing stage, never the
/// request's path, query, headers or body, which may carry credentials.
///
/// ```swift
/// do {
///     _ = try await client.send(request)
/// } catch let error as HTTPClientError where error.code == .timedOut {
///     // retry later
/// }
/// ```
package struct HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The request cannot be sent: no host, an unsupported scheme, a header
        /// with a line break, a bad trust anchor.
        package static let invalidRequest = Code(rawValue: "invalidRequest")
        /// The host did not resolve, or the connection was refused or reset.
        package static let connectionFailed = Code(rawValue: "connectionFailed")
        /// The request's timeout passed before the response was complete.
        package static let timedOut = Code(rawValue: "timedOut")
        /// The TLS handshake failed.
        package static let tlsHandshakeFailed = Code(rawValue: "tlsHandshakeFailed")
        /// The server's certificate is not trusted or does not name the host.
        package static let untrustedCertificate = Code(rawValue: "untrustedCertificate")
        /// The server's answer is not well-formed HTTP/1.1, or ended early.
        package static let invalidResponse = Code(rawValue: "invalidResponse")
        /// The response head or body is larger than the configured cap.
        package static let responseTooLarge = Code(rawValue: "responseTooLarge")
        /// The calling task was cancelled.
        package static let cancelled = Code(rawValue: "cancelled")
    }

    package var code: Code
    /// What failed and where; never contains request content.
    package var reason: String

    package init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    package var description: String { "HTTPClientError.\(code.rawValue): \(reason)" }
}
