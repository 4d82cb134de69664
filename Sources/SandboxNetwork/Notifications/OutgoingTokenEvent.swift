import Foundation
import ProvisioningAPI

/// The body the sandbox posts to the service: a ``TokenEventNotification`` plus
/// the `provisioningId` of a `CREATED` event, which lets the service find its
/// provisioning attempt (and so the card) for a new token.
///
/// The id is written next to the notification's own members, so the body is
/// the contract's notification whether or not the service's copy of
/// ``TokenEventNotification`` already declares the member.
struct OutgoingTokenEvent: Encodable, Sendable {
    var notification: TokenEventNotification
    var provisioningId: String?

    private enum CodingKeys: String, CodingKey {
        case provisioningId
    }

    func encode(to encoder: any Encoder) throws {
        try notification.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(provisioningId, forKey: .provisioningId)
    }
}
