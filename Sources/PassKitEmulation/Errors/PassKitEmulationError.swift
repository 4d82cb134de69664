import ProvisioningPrimitives

/// An error raised by the emulation's own machinery: the simulated wallet, its
/// pass store and its calls to the sandbox.
///
/// PassKit's errors keep Apple's shape (an `NSError` in
/// ``PKPassKitErrorDomain``); this type covers what Apple has no error for,
/// such as a wallet directory that cannot be read. The detail never contains
/// card data, keys or nonces.
///
/// ```swift
/// do {
///     try await wallet.synchronize()
/// } catch let error as PassKitEmulationError where error.code == .sandboxUnreachable {
///     // the sandbox is not running
/// }
/// ```
public struct PassKitEmulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    public struct Code: ExtensibleEnumeration {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No simulated wallet is installed or named by `PP_SIMULATED_DEVICE_DIR`.
        public static let notConfigured = Code(rawValue: "not-configured")
        /// The wallet directory or one of its files cannot be read or written.
        public static let storeFailure = Code(rawValue: "store-failure")
        /// The sandbox did not answer (connection refused, timeout).
        public static let sandboxUnreachable = Code(rawValue: "sandbox-unreachable")
        /// The sandbox answered with a problem; ``PassKitEmulationError/problemType``
        /// says which.
        public static let sandboxRefused = Code(rawValue: "sandbox-refused")
        /// The sandbox answered something that is not the contract's JSON.
        public static let invalidResponse = Code(rawValue: "invalid-response")
        /// The pass is not on any simulated device.
        public static let unknownPass = Code(rawValue: "unknown-pass")
        /// An argument the emulation cannot use (URL, name, device).
        public static let invalidArgument = Code(rawValue: "invalid-argument")
    }

    /// The kind of failure.
    public let code: Code
    /// A short explanation without secrets.
    public let detail: String
    /// The problem type the sandbox answered (`declined`, `nonce-replayed`…),
    /// for ``Code/sandboxRefused``.
    public let problemType: String?
    /// The HTTP status the sandbox answered, for ``Code/sandboxRefused``.
    public let status: Int?
    /// The sandbox's request id, when it answered one.
    public let requestId: String?

    /// Makes an error.
    public init(
        _ code: Code, _ detail: String, problemType: String? = nil, status: Int? = nil, requestId: String? = nil
    ) {
        self.code = code
        self.detail = detail
        self.problemType = problemType
        self.status = status
        self.requestId = requestId
    }

    public var description: String {
        var text = "\(code): \(detail)"
        if let problemType { text += " [\(problemType)]" }
        if let requestId { text += " (request \(requestId))" }
        return text
    }
}
