import Foundation

/// The error domain of PassKit's errors, including ``PKAddPaymentPassError``
/// codes reported by the add-payment-pass sheet.
///
/// ```swift
/// let error = error as NSError
/// if error.domain == PKPassKitErrorDomain,
///    error.code == PKAddPaymentPassError.userCancelled.rawValue { … }
/// ```
public let PKPassKitErrorDomain = "PKPassKitErrorDomain"

/// Why the add-payment-pass sheet ended without a pass, as in PassKit: the
/// `code` of an `NSError` in ``PKPassKitErrorDomain`` handed to
/// ``PKAddPaymentPassViewControllerDelegate/addPaymentPassViewController(_:didFinishAdding:error:)``.
public enum PKAddPaymentPassError: Int, Hashable, Sendable {
    /// The app cannot add cards to Apple Pay (no device can take the card, the
    /// configuration is unusable, or the network refused it).
    case unsupported = 0
    /// The user cancelled.
    case userCancelled = 1
    /// The system ended the request: the issuer's handler was late, never
    /// called or answered unusable data, or the device or Apple's side failed.
    case systemCancelled = 2

    /// The error the sheet reports: an `NSError` in ``PKPassKitErrorDomain``
    /// with this code. The emulation's own reason goes in the user info under
    /// `NSLocalizedFailureReasonErrorKey` and never carries card data.
    public func error(reason: String? = nil) -> NSError {
        var userInfo: [String: Any] = [:]
        if let reason { userInfo[NSLocalizedFailureReasonErrorKey] = reason }
        return NSError(domain: PKPassKitErrorDomain, code: rawValue, userInfo: userInfo)
    }
}
