/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A configuration value is out of range or the host is not a numeric address.
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// HTTPS was asked for but libmicrohttpd was built without TLS.
        public static let tlsUnavailable = Code(rawValue: "tlsUnavailable")
        /// libmicrohttpd refused to start (port in use, bad certificate or key…);
        /// its reason went to ``HTTPServerObservers/diagnostics``.
        public static let startFailed = Code(rawValue: "startFailed")
        /// `start()` was called on a server that is running or was shut down.
        public static let invalidState = Code(rawValue: "invalidState")
    }

    public var code: Code
    /// A fixed explanation; never contains key material.
    public var reason: String

    public init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "HTTPServerError.\(code.rawValue): \(reason)" }
}
