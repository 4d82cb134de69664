import Foundation
@_exported import PassKitEmulationEnums

/// The error domain of PassKit's errors, including ``PKAddPaymentPassError``
/// codes reported by the add-payment-pass sheet.
///
/// ```swift
/// let error = error as NSError
/// if error.domain == PKPassKitErrorDomain,
///    error.code == PKAddPaymentPassError.userCancelled.rawValue { … }
/// ```
public let PKPassKitErrorDomain = "PKPassKitErrorDomain"

/// What the sheet reports, as Apple does: an `NSError` in
/// ``PKPassKitErrorDomain`` with a ``PKAddPaymentPassError`` code; the
/// emulation's reason goes in `NSLocalizedFailureReasonErrorKey` and never
/// carries card data.
extension PKAddPaymentPassError {
    /// This code as the `NSError` the sheet reports, with `reason` as its
    /// failure reason.
    func error(reason: String) -> NSError {
        NSError(
            domain: PKPassKitErrorDomain, code: rawValue, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }
}
