import Foundation

/// What a network's `activationData` is made from, when the service answers
/// an add-card request: the card, Apple's nonce, the issuer and the time.
///
/// Each network defines its own format (``TokenServiceConnector/activationData(for:)``):
/// Mastercard's is the TAV, signed with the issuer's TAV key; networks with no
/// published format get the sandbox's own (``ActivationData``).
package struct ActivationDataRequest: Sendable {
    package var issuer: Issuer
    package var card: ValidatedCard
    package var nonce: [UInt8]
    package var now: Date
}

/// The `activationData` made for one add-card request, and the id of the
/// provisioning attempt it stands for: the id the network names when it
/// reports the new token, so the service can link the token to the card.
package struct IssuedActivationData: Sendable, Hashable {
    package var bytes: [UInt8]
    /// ``ActivationData/provisioningIdByteCount`` bytes.
    package var provisioningId: [UInt8]

    package init(bytes: [UInt8], provisioningId: [UInt8]) {
        self.bytes = bytes
        self.provisioningId = provisioningId
    }
}
