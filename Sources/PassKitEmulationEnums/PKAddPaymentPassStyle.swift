/// What the add-payment-pass sheet says it adds, as in PassKit (iOS 12); not
/// frozen, as Apple's.
public enum PKAddPaymentPassStyle: Int, Hashable, Sendable {
    /// A payment card.
    case payment = 0
    /// An access card (badge, key).
    case access = 1
}
