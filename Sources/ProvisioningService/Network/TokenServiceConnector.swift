import ProvisioningAPI
import ProvisioningCrypto

/// Everything the service asks of a card network's token service (Visa VTS,
/// Mastercard MDES, …). ``SandboxNetwork`` is one implementation; a real network
/// connector is added by implementing this protocol, without touching the
/// service's domain code.
///
/// A change must not be applied twice. A network that takes an idempotency
/// key (the sandbox's own protocol) applies a command at most once per
/// ``TokenStateChangeCommand/idempotencyKey``, and the service retries a change
/// whose network was unavailable with the same key. A network without one
/// (MDES's Customer Service API) cannot tell a retry from a second change: its
/// connector answers `false` from ``changesAreIdempotent(_:)``, sends each
/// change once and learns what a lost answer hid by reading the token, and
/// the service never repeats it.
package protocol TokenServiceConnector: Sendable {
    /// Applies a lifecycle action to a token and returns the token as the network
    /// now holds it.
    /// - Throws: ``ServiceError`` with a network code: ``ServiceError/Code/networkUnavailable``,
    ///   ``ServiceError/Code/networkUnknownToken`` or ``ServiceError/Code/networkRejected``.
    func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken

    /// Whether sending `command` again after ``changeTokenState(_:)`` failed
    /// `networkUnavailable` is safe: `true` when the network applies it at most
    /// once per idempotency key, `false` when a repeat could reach the network
    /// as a second change. No default: a connector that forgot to say would
    /// have its changes repeated.
    func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool

    /// The network's view of one token (of `scheme`), or nil when the network
    /// does not know it.
    /// - Throws: ``ServiceError`` with a network code: ``ServiceError/Code/networkUnavailable``,
    ///   ``ServiceError/Code/networkUnknownToken`` or ``ServiceError/Code/networkRejected``.
    func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken?

    /// The `activationData` returned with Apple's pass data for a card of this
    /// network, in the network's own format.
    ///
    /// The default is the sandbox's format (``ActivationData``): a network
    /// with a published format (Mastercard's TAV) implements its own.
    /// - Throws: ``ServiceError`` `internal` when it cannot be made.
    func activationData(for request: ActivationDataRequest) throws -> IssuedActivationData
}

extension TokenServiceConnector {
    package func activationData(for request: ActivationDataRequest) throws -> IssuedActivationData {
        do {
            let provisioningId = try SecureRandom.bytes(count: ActivationData.provisioningIdByteCount)
            let bytes = try ActivationData.make(
                provisioningId: provisioningId, nonce: request.nonce, secret: request.issuer.activationDataSecret)
            return IssuedActivationData(bytes: bytes, provisioningId: provisioningId)
        } catch {
            throw ServiceError(.internal, "the activation data could not be made")
        }
    }
}

/// Who asked for a lifecycle change, for the network's own audit trail
/// (MDES's `AuditInfo` and reason codes, for one).
package enum TokenChangeRequester: String, Sendable, Hashable {
    /// The cardholder, through the issuer's app (an authorization code).
    case issuerApp = "issuer-app"
    /// An operator of the issuer's back office (an API key).
    case backOffice = "back-office"
    /// The service itself, repairing its registry from the network's view.
    case network
}

/// A lifecycle action the service asks a network to apply.
package struct TokenStateChangeCommand: Sendable, Hashable {
    package var issuerId: String
    package var tokenId: String
    package var action: TokenLifecycleAction
    package var tokenRequestorId: String
    /// Same key, same effect: the network applies the action at most once per key.
    package var idempotencyKey: String
    /// The token's scheme: which network the command goes to.
    package var scheme: CardScheme
    package var requestedBy: TokenChangeRequester
    /// The back office's free-text reason, when it gave one (at most 500 characters).
    package var reason: String?

    package init(
        issuerId: String, tokenId: String, action: TokenLifecycleAction, tokenRequestorId: String,
        idempotencyKey: String,
        scheme: CardScheme, requestedBy: TokenChangeRequester, reason: String? = nil
    ) {
        self.issuerId = issuerId
        self.tokenId = tokenId
        self.action = action
        self.tokenRequestorId = tokenRequestorId
        self.idempotencyKey = idempotencyKey
        self.scheme = scheme
        self.requestedBy = requestedBy
        self.reason = reason
    }
}

/// A token as a network reports it. Never carries the PAN or the token number
/// (DPAN); only suffixes.
package struct NetworkToken: Sendable, Hashable {
    package var issuerId: String
    package var tokenId: String
    package var state: TokenState
    package var tokenRequestorId: String
    package var tokenSuffix: String?
    /// `MM/YY`.
    package var tokenExpiry: String?
    package var panSuffix: String?
    package var device: DeviceInfo?
    /// The service's provisioning attempt this token came from, when known
    /// (recovered by the network from the activation data).
    package var provisioningId: String?

    package init(
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
