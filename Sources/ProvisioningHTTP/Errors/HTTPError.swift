import ProvisioningPrimitives

/// Why the HTTP layer could not do what it was asked: a server that could not
/// start, or a client call that got no complete response.
///
/// What a handler answers a client with is not an `HTTPError`: handlers throw a
/// ``ProvisioningAPI/ProblemConvertible`` (a ``ProvisioningAPI/ProblemDetails`` or
/// a module's own error), which the server renders with
/// ``HTTPResponse/init(problem:for:headers:)``.
///
/// The ``reason`` names the stage and, for a client call, the peer (`host:port`);
/// never a request's path, query, headers or body, which may carry credentials,
/// and never key material.
///
/// ```swift
/// do {
///     _ = try await client.send(request)
/// } catch let error as HTTPError where error.code == .timedOut {
///     // retry later
/// }
/// ```
package struct HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        // The server.

        /// A configuration value is out of range or the host is not a numeric address.
        package static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// The server could not start: the port is in use, the certificate or key
        /// was refused, threads could not be made (the reason says which).
        package static let startFailed = Code(rawValue: "startFailed")
        /// `start()` was called on a server that is running or was shut down.
        package static let invalidState = Code(rawValue: "invalidState")

        // The client.

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
    /// What failed and where; a fixed text without request content or keys.
    package var reason: String

    package init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    package var description: String { "HTTPError.\(code.rawValue): \(reason)" }
}
