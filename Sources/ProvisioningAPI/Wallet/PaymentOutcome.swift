/// The decision on a sandbox payment.
package enum PaymentOutcome: String, WireEnumeration {
    /// Paid.
    case approved = "APPROVED"
    /// Refused (card not active, key unknown or used, cryptogram wrong).
    case declined = "DECLINED"
}
