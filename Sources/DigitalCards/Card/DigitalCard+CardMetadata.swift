import ProvisioningAPI

extension DigitalCard {
    /// Display data of a card: suffixes and expiries, never full numbers.
    public struct CardMetadata: Hashable, Sendable {
        /// The PAN's last four digits.
        public var panLastDigits: String
        /// The PAN's expiry, `MM/YY`.
        public var panExpiry: String
        /// The token's last four digits.
        public var tokenLastDigits: String
        /// The token's expiry, `MM/YY`.
        public var tokenExpiry: String
        /// Dual-brand: the auxiliary token's last four digits; `nil` otherwise.
        public var auxiliaryTokenLastDigits: String?
        /// Dual-brand: the auxiliary token's expiry, `MM/YY`; `nil` otherwise.
        public var auxiliaryTokenExpiry: String?

        init(_ wire: DigitalCardMetadata) {
            panLastDigits = wire.panLastDigits
            panExpiry = wire.panExpiry
            tokenLastDigits = wire.tokenLastDigits
            tokenExpiry = wire.tokenExpiry
            auxiliaryTokenLastDigits = wire.auxiliaryTokenLastDigits
            auxiliaryTokenExpiry = wire.auxiliaryTokenExpiry
        }
    }
}
