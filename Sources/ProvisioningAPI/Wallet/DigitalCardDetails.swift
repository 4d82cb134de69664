/// A digital card's networks and payment channels.
package struct DigitalCardDetails: Codable, Hashable, Sendable {
    /// The main network (Visa, Mastercard or PURE in the sandbox).
    package var scheme: CardSchemeName
    /// The channels the card can pay through.
    package var paymentTypesSupported: [PaymentType]
    /// Dual-brand: the second network.
    package var auxiliaryScheme: CardSchemeName?

    package init(scheme: CardSchemeName, paymentTypesSupported: [PaymentType], auxiliaryScheme: CardSchemeName? = nil) {
        self.scheme = scheme
        self.paymentTypesSupported = paymentTypesSupported
        self.auxiliaryScheme = auxiliaryScheme
    }
}
