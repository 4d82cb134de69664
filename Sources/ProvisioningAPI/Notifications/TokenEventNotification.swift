import Foundation

/// The body of `POST /v1/networks/{network}/notifications`: a card network
/// tells the service that one of its tokens changed.
///
/// The request is authenticated by a ``NotificationSignature`` in the
/// ``NotificationSignature/headerName`` header. ``eventId`` makes delivery
/// idempotent: the service applies an event once and acknowledges repeats with
/// ``TokenEventReceipt/duplicate`` set. The card is identified by the issuer's
/// ``cardRef`` and/or the issuer-keyed ``panFingerprint``, never by a PAN.
package struct TokenEventNotification: Codable, Hashable, Sendable {
    /// The network's unique identifier of this event.
    package var eventId: String
    /// The issuer the token belongs to.
    package var issuerId: String
    /// The token.
    package var tokenId: String
    /// What happened.
    package var event: TokenEventType
    /// The token's state after the event.
    package var state: TokenStatus
    /// The device the token is on, when the network reports it.
    package var device: DeviceInfo?
    /// The token requestor, when the network reports it.
    package var tokenRequestorId: String?
    /// The issuer's reference of the funding card.
    package var cardRef: String?
    /// HMAC of the PAN with the issuer's fingerprint key, hex.
    package var panFingerprint: String?
    /// The service's provisioning attempt (hex) the token came from, on
    /// ``TokenEventType/created`` events: the network recovers it from the
    /// activation data, and the service resolves it to the card.
    package var provisioningId: String?
    /// The last four digits of the token, when it is new or changed.
    package var tokenSuffix: String?
    /// The token's expiry (`MM/YY`), when it is new or changed.
    package var tokenExpiry: String?
    /// When the event happened at the network.
    package var occurredAt: Date

    package init(
        eventId: String,
        issuerId: String,
        tokenId: String,
        event: TokenEventType,
        state: TokenStatus,
        device: DeviceInfo? = nil,
        tokenRequestorId: String? = nil,
        cardRef: String? = nil,
        panFingerprint: String? = nil,
        provisioningId: String? = nil,
        tokenSuffix: String? = nil,
        tokenExpiry: String? = nil,
        occurredAt: Date
    ) {
        self.eventId = eventId
        self.issuerId = issuerId
        self.tokenId = tokenId
        self.event = event
        self.state = state
        self.device = device
        self.tokenRequestorId = tokenRequestorId
        self.cardRef = cardRef
        self.panFingerprint = panFingerprint
        self.provisioningId = provisioningId
        self.tokenSuffix = tokenSuffix
        self.tokenExpiry = tokenExpiry
        self.occurredAt = occurredAt
    }
}
