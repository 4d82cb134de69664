/// Display data of a digital card: suffixes and expiries, never full numbers.
package struct DigitalCardMetadata: Codable, Hashable, Sendable {
    /// The PAN's last four digits.
    package var panLastDigits: String
    /// The PAN's expiry, `MM/YY`.
    package var panExpiry: String
    /// The token's last four digits.
    package var tokenLastDigits: String
    /// The token's expiry, `MM/YY`.
    package var tokenExpiry: String
    /// Dual-brand: the auxiliary token's last four digits.
    package var auxiliaryTokenLastDigits: String?
    /// Dual-brand: the auxiliary token's expiry, `MM/YY`.
    package var auxiliaryTokenExpiry: String?

    package init(
        panLastDigits: String,
        panExpiry: String,
        tokenLastDigits: String,
        tokenExpiry: String,
        auxiliaryTokenLastDigits: String? = nil,
        auxiliaryTokenExpiry: String? = nil
    ) {
        self.panLastDigits = panLastDigits
        self.panExpiry = panExpiry
        self.tokenLastDigits = tokenLastDigits
        self.tokenExpiry = tokenExpiry
        self.auxiliaryTokenLastDigits = auxiliaryTokenLastDigits
        self.auxiliaryTokenExpiry = auxiliaryTokenExpiry
    }
}
