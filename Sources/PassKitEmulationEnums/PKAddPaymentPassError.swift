/// Why the add-payment-pass sheet ended without a pass, as in PassKit: the
/// `code` of an `NSError` in `PKPassKitErrorDomain` handed to
/// `addPaymentPassViewController(_:didFinishAdding:error:)`.
///
/// Like Apple's, the enumeration is not frozen: a `switch` over it needs
/// `@unknown default`.
///
/// ```swift
/// let error = error as NSError
/// if error.domain == PKPassKitErrorDomain, error.code == PKAddPaymentPassError.userCancelled.rawValue { … }
/// ```
public enum PKAddPaymentPassError: Int, Hashable, Sendable {
    /// The app cannot add cards to Apple Pay (no device can take the card, the
    /// configuration is unusable, or the network refused it).
    case unsupported = 0
    /// The user cancelled.
    case userCancelled = 1
    /// The system ended the request: the issuer's handler was late, never
    /// called or answered unusable data, or the device or Apple's side failed.
    case systemCancelled = 2
}
