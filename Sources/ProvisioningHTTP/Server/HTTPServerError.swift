/// Why the server could not start.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    package struct Code: RawRepresentable, Hashable, Sendable {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A configuration value is out of range or the host is not a numeric address.
        package static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// HTTPS was asked for but libmicrohttpd was built without TLS.
        package static let tlsUnavailable = Code(rawValue: "tlsUnavailable")
        /// libmicrohttpd refused to start (port in use, bad certificate or key…);
        /// its reason went to ``HTTPServerObservers/diagnostics``.
        package static let startFailed = Code(rawValue: "startFailed")
        /// `start()` was called on a server that is running or was shut down.
        package static let invalidState = Code(rawValue: "invalidState")
    }

    package var code: Code
    /// A fixed explanation; never contains key material.
    package var reason: String

    package init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    package var description: String { "HTTPServerError.\(code.rawValue): \(reason)" }
}
