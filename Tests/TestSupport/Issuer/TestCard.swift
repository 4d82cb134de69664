import ProvisioningAPI

/// A sandbox test card as the bank knows it: its number, expiry and holder,
/// and the bank's own reference for it.
public struct TestCard: Sendable {
    public var pan: String
    public var expiry: String
    public var scheme: CardSchemeName
    public var cardholderName: String
    public var reference: String
    public var last4: String { String(pan.suffix(4)) }

    public init(pan: String, expiry: String, scheme: CardSchemeName, cardholderName: String, reference: String) {
        self.pan = pan
        self.expiry = expiry
        self.scheme = scheme
        self.cardholderName = cardholderName
        self.reference = reference
    }
}
