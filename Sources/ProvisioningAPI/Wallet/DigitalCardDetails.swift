/// A digital card's networks and payment channels.
public struct DigitalCardDetails: Codable, Hashable, Sendable {
    /// The main network (Visa, Mastercard or PURE in the sandbox).
    public var scheme: CardSchemeName
    /// The channels the card can pay through.
    public var paymentTypesSupported: [PaymentType]
    /// Dual-brand: the second network.
    public var auxiliaryScheme: CardSchemeName?

    public init(scheme: CardSchemeName, paymentTypesSupported: [PaymentType], auxiliaryScheme: CardSchemeName? = nil) {
        self.scheme = scheme
        self.paymentTypesSupported = paymentTypesSupported
        self.auxiliaryScheme = auxiliaryScheme
    }
}
