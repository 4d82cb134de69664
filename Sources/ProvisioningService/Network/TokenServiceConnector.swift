import ProvisioningAPI

/// Everything the service asks of a card network's token service (Visa VTS,
/// Mastercard MDES, …). ``SandboxNetwork`` is one implementation; a real network
/// connector is added by implementing this protocol, without touching the
/// service's domain code.
///
/// Every call must be idempotent: the service retries after a timeout with the
/// same ``TokenStateChangeCommand/idempotencyKey``, and the network must neither
/// create a second token nor apply a transition twice.
public protocol TokenServiceConnector: Sendable {
    /// Applies a lifecycle action to a token and returns the token as the network
    /// now holds it.
    /// - Throws: ``TokenServiceError``.
    func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken

    /// The network's view of one token, or nil when the network does not know it.
    /// - Throws: ``TokenServiceError``.
    func token(issuerId: String, tokenId: String) async throws -> NetworkToken?
}

/// A lifecycle action the service asks a network to apply.
public struct TokenStateChangeCommand: Sendable, Hashable {
    public var issuerId: String
    public var tokenId: String
    public var action: TokenAction
    public var tokenRequestorId: String
    /// Same key, same effect: the network applies the action at most once per key.
    public var idempotencyKey: String

    public init(
        issuerId: String, tokenId: String, action: TokenAction, tokenRequestorId: String, idempotencyKey: String
    ) {
        self.issuerId = issuerId
        self.tokenId = tokenId
        self.action = action
        self.tokenRequestorId = tokenRequestorId
        self.idempotencyKey = idempotencyKey
    }
}

/// A token as a network reports it. Never carries the PAN or the token number
/// (DPAN); only suffixes.
public struct NetworkToken: Sendable, Hashable {
    public var issuerId: String
    public var tokenId: String
    public var state: TokenState
    public var tokenRequestorId: String
    public var tokenSuffix: String?
    /// `MM/YY`.
    public var tokenExpiry: String?
    public var panSuffix: String?
    public var device: DeviceInfo?
    /// The service's provisioning attempt this token came from, when known
    /// (recovered by the network from the activation data).
    public var provisioningId: String?

    public init(
        issuerId: String, tokenId: String, state: TokenState, tokenRequestorId: String, tokenSuffix: String? = nil,
        tokenExpiry: String? = nil, panSuffix: String? = nil, device: DeviceInfo? = nil, provisioningId: String? = nil
    ) {
        self.issuerId = issuerId
        self.tokenId = tokenId
        self.state = state
        self.tokenRequestorId = tokenRequestorId
        self.tokenSuffix = tokenSuffix
        self.tokenExpiry = tokenExpiry
        self.panSuffix = panSuffix
        self.device = device
        self.provisioningId = provisioningId
    }
}

/// A failure reported by, or on the way to, a token service.
public struct TokenServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The network could not be reached or answered with a server error; retry later.
        public static let unavailable = Code(rawValue: "unavailable")
        /// The network does not know the token.
        public static let unknownToken = Code(rawValue: "unknown-token")
        /// The network refused the action (its own rules, e.g. a deleted token).
        public static let rejected = Code(rawValue: "rejected")
    }

    public let code: Code
    /// A short explanation without card data.
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code): \(detail)" }
}
