import ProvisioningAPI

extension DigitalCard {
    /// A card's networks and the channels it pays through.
    public struct Details: Hashable, Sendable {
        /// The main network: `.visa`, `.mastercard` or `.pure` in the sandbox.
        public var scheme: Scheme
        /// The channels the card can pay through.
        public var paymentTypesSupported: [PaymentType]
        /// Dual-brand: the second network; `nil` otherwise.
        public var auxiliaryScheme: Scheme?

        init(_ wire: DigitalCardDetails) {
            scheme = wire.scheme
            paymentTypesSupported = wire.paymentTypesSupported
            auxiliaryScheme = wire.auxiliaryScheme
        }
    }
}
