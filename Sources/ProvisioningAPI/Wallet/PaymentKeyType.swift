/// The kind of payment key a card holds.
public enum PaymentKeyType: String, WireEnumeration {
    /// Limited-use keys: each pays once, within a validity period.
    case limitedUse = "LIMITED_USE"
    /// Single-use keys without expiry.
    case singleUse = "SINGLE_USE"
}
