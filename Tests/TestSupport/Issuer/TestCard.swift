import ProvisioningAPI

/// A sandbox test card as the bank knows it: its number, expiry and holder,
/// and the bank's own reference for it.
package struct TestCard: Sendable {
    package var pan: String
    package var expiry: String
    package var scheme: CardSchemeName
    package var cardholderName: String
    package var reference: String
    package var last4: String { String(pan.suffix(4)) }

    package init(pan: String, expiry: String, scheme: CardSchemeName, cardholderName: String, reference: String) {
        self.pan = pan
        self.expiry = expiry
        self.scheme = scheme
        self.cardholderName = cardholderName
        self.reference = reference
    }
}
