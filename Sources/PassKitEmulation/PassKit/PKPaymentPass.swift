/// A payment card in Wallet, as in PassKit; every emulated pass is one.
///
/// ```swift
/// func addPaymentPassViewController(_ controller: PKAddPaymentPassViewController,
///                                   didFinishAdding pass: PKPaymentPass?, error: Error?) {
///     print(pass?.primaryAccountNumberSuffix ?? "none")
/// }
/// ```
open class PKPaymentPass: PKSecureElementPass {
    /// The pass's state under its pre-iOS 13.4 name.
    @available(*, deprecated, renamed: "passActivationState")
    open var activationState: PKPaymentPassActivationState {
        PKPaymentPassActivationState(rawValue: UInt(passActivationState.rawValue)) ?? .deactivated
    }
}
