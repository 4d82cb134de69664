import ProvisioningPrimitives

/// An error raised by the DigitalCards SDK.
///
/// Switch on ``code``; quote ``requestId`` when you contact the service's
/// operators. Errors the service answers with keep its problem type in
/// ``serverCode``, and the common ones are mapped to their own code
/// (``Code/activationCodeInvalid``, ``Code/cardNotFound``…), so an app can
/// react without parsing URNs.
///
/// ```swift
/// do {
///     try await session.verify(code: enteredCode)
/// } catch let error as DigitalCardError where error.code == .activationCodeInvalid {
///     showTryAgain()
/// }
/// ```
///
/// Messages never contain a PAN, expiry, one-time code, key or cryptogram:
/// they say what went wrong, not with which values.
public struct DigitalCardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    public struct Code: ExtensibleEnumeration {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A call was made before ``DigitalCardManager/configure(_:)``.
        public static let notConfigured = Code(rawValue: "not-configured")
        /// The wallet has not been registered on this device yet
        /// (``DigitalCardManager/registerWallet(userId:deviceName:authorizationCode:)``).
        public static let walletNotRegistered = Code(rawValue: "wallet-not-registered")
        /// An argument is empty, out of range or malformed.
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// The service's answer, a cached file or an image does not have the expected format.
        public static let invalidFormat = Code(rawValue: "invalid-format")
        /// The card does not exist (any more) in this wallet.
        public static let cardNotFound = Code(rawValue: "card-not-found")
        /// The card, session or wallet belongs to another wallet or user.
        public static let forbidden = Code(rawValue: "forbidden")
        /// The one-time code of an ID&V session is wrong.
        public static let activationCodeInvalid = Code(rawValue: "activation-code-invalid")
        /// Too many wrong codes: the ID&V session is locked.
        public static let activationLocked = Code(rawValue: "activation-locked")
        /// The ID&V session has expired.
        public static let activationExpired = Code(rawValue: "activation-expired")
        /// The card is not in a state that allows the operation (pay with a
        /// suspended card, verify a code of an active one…).
        public static let illegalState = Code(rawValue: "illegal-state")
        /// The card has no usable payment key left on this device: replenish.
        public static let paymentKeysExhausted = Code(rawValue: "payment-keys-exhausted")
        /// The terminal's network refused the payment (wrong or replayed
        /// cryptogram, used key, card not active); see ``DigitalCardError/serverCode``.
        public static let paymentDeclined = Code(rawValue: "payment-declined")
        /// The bank's authorization code was refused (invalid, expired, used, wrong scope).
        public static let authorizationRefused = Code(rawValue: "authorization-refused")
        /// The service answered with an error not mapped to a code above; see
        /// ``DigitalCardError/serverCode``.
        public static let serverError = Code(rawValue: "server-error")
        /// The service could not be reached (no connection, refused, DNS).
        public static let serviceUnavailable = Code(rawValue: "service-unavailable")
        /// The service did not answer in time.
        public static let timedOut = Code(rawValue: "timed-out")
        /// The device's key store or cache could not be read or written.
        public static let storageFailure = Code(rawValue: "storage-failure")
        /// A cryptographic operation failed (a key that does not decrypt, a
        /// provider that cannot generate keys).
        public static let cryptoFailure = Code(rawValue: "crypto-failure")
    }

    /// The kind of failure.
    public let code: Code
    /// A short explanation without secrets, meant for logs.
    public let message: String
    /// The service's request identifier (`X-Request-Id`), when a request was sent.
    public let requestId: String?
    /// The problem type the service answered with (for example
    /// `urn:pushprovisioning:problem:activation-code-invalid`), if any.
    public let serverCode: String?
    /// The HTTP status the service answered with, if any.
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

    public var description: String {
        var text = "DigitalCardError(\(code)): \(message)"
        if let serverCode { text += " [\(serverCode)]" }
        if let requestId { text += " request \(requestId)" }
        return text
    }

    /// Whether the failure means the service could not be asked, so that a
    /// cached answer may stand in for it.
    var isOffline: Bool { code == .serviceUnavailable || code == .timedOut }
}
