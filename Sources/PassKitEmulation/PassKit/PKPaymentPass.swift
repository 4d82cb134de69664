/// A payment card in Wallet, as in PassKit; every emulated pass is one.
///
/// ```swift
/// func addPaymentPassViewController(_ controller: PKAddPaymentPassViewController,
///                                   didFinishAdding pass: PKPaymentPass?, error: Error?) {
///     print(pass?.primaryAccountNumberSuffix ?? "none")
/// }
/// ```
open class PKPaymentPass: PKSecureElementPass, @unchecked Sendable {
    /// The pass's state under its pre-iOS 13.4 name.
    @available(*, deprecated, renamed: "passActivationState")
    open var activationState: PKPaymentPassActivationState {
        PKPaymentPassActivationState(rawValue: UInt(passActivationState.rawValue)) ?? .deactivated
    }
}

/// A payment pass's state under its pre-iOS 13.4 name, as in PassKit.
public enum PKPaymentPassActivationState: UInt, Hashable, Sendable {
    /// Ready to pay.
    case activated = 0
    /// Waiting for identity verification.
    case requiresActivation = 1
    /// Activation is under way.
    case activating = 2
    /// Suspended.
    case suspended = 3
    /// Deleted.
    case deactivated = 4
}
