import Foundation
import ProvisioningAPI
import ProvisioningStorage

/// One token of the registry as stored: the card it belongs to (by reference,
/// fingerprint and last four), its suffix and expiry, state, device and token
/// requestor, and the position of the last network event applied.
package struct TokenRecord: Sendable, Hashable {
    package var issuerId: String
    package var tokenId: String
    package var cardRef: String?
    package var panFingerprint: String?
    package var panLastFour: String
    package var tokenSuffix: String
    package var tokenExpiry: String
    package var scheme: CardScheme
    package var state: TokenState
    package var device: DeviceInfo?
    package var tokenRequestorId: String
    package var provisioningId: String?
    package var createdAt: Date
    package var updatedAt: Date
    /// The last applied network event, for ordering later ones.
    package var eventPosition: TokenEventPosition?

    /// The record in the wire format.
    package var info: TokenInfo {
        TokenInfo(
            tokenId: tokenId, state: state.wireStatus, tokenRequestorId: tokenRequestorId, cardRef: cardRef,
            panSuffix: panLastFour, tokenSuffix: tokenSuffix, tokenExpiry: tokenExpiry,
            scheme: CardSchemeName(scheme.wireValue),
            device: device ?? DeviceInfo(id: "unknown", name: "Unknown device", type: .other),
            createdAt: createdAt, updatedAt: updatedAt)
    }
}

// The row mapping sits in an extension so that the memberwise initializer
// stays the compiler's.
extension TokenRecord {
    static let columns = """
        issuer_id, token_id, card_ref, pan_fingerprint, pan_last_four, token_suffix, token_expiry, scheme, state,
        device_id, device_name, device_type, token_requestor_id, provisioning_id, created_at, updated_at, event_at,
        event_sequence
        """

    init(row: SQLRow) throws {
        let deviceId: String? = try row.decode(column: "device_id")
        let device = try deviceId.map { id in
            DeviceInfo(
                id: id, name: try row.decode(String?.self, column: "device_name") ?? "",
                type: DeviceType(rawValue: try row.decode(String?.self, column: "device_type") ?? "") ?? .other)
        }
        let eventAt: Date? = try row.decode(column: "event_at")
        let sequence: Int64 = try row.decode(column: "event_sequence")
        self.init(
            issuerId: try row.decode(column: "issuer_id"), tokenId: try row.decode(column: "token_id"),
            cardRef: try row.decode(column: "card_ref"), panFingerprint: try row.decode(column: "pan_fingerprint"),
            panLastFour: try row.decode(column: "pan_last_four"), tokenSuffix: try row.decode(column: "token_suffix"),
            tokenExpiry: try row.decode(column: "token_expiry"),
            scheme: CardScheme(wireValue: try row.decode(String.self, column: "scheme")) ?? .other("UNKNOWN"),
            state: TokenState(rawValue: try row.decode(String.self, column: "state")) ?? .inactive, device: device,
            tokenRequestorId: try row.decode(column: "token_requestor_id"),
            provisioningId: try row.decode(column: "provisioning_id"), createdAt: try row.decode(column: "created_at"),
            updatedAt: try row.decode(column: "updated_at"),
            eventPosition: eventAt.map { TokenEventPosition(occurredAt: $0, sequence: UInt64(max(0, sequence))) })
    }

    var bindings: [SQLValue] {
        [
            .text(issuerId), .text(tokenId), SQLValue(cardRef), SQLValue(panFingerprint), .text(panLastFour),
            .text(tokenSuffix), .text(tokenExpiry), .text(scheme.wireValue), .text(state.rawValue),
            SQLValue(device?.id), SQLValue(device?.name), SQLValue(device?.type.rawValue), .text(tokenRequestorId),
            SQLValue(provisioningId), .timestamp(createdAt), .timestamp(updatedAt),
            SQLValue(eventPosition?.occurredAt), .integer(Int64(clamping: eventPosition?.sequence ?? 0)),
        ]
    }
}
