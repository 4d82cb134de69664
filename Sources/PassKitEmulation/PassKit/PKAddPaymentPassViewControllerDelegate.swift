import Foundation

/// The issuer's side of the add-payment-pass sheet, as in PassKit (iOS 9).
///
/// The sheet asks for the encrypted card data once the user has chosen a
/// device, then reports how it ended. Call `handler` exactly once and within
/// 20 seconds; a second or late call is ignored (the emulation records a
/// ``SimulatedWallet/Diagnostic``) and a late or missing call ends the sheet
/// with ``PKAddPaymentPassError/systemCancelled``.
///
/// The emulation calls both methods on the main actor, as Apple calls them on
/// the main thread.
public protocol PKAddPaymentPassViewControllerDelegate: NSObjectProtocol {
    /// Asks for the card data encrypted for the leaf of `certificates` (DER,
    /// leaf first), with `nonce` and the device's `nonceSignature` inside it.
    func addPaymentPassViewController(
        _ controller: PKAddPaymentPassViewController,
        generateRequestWithCertificateChain certificates: [Data],
        nonce: Data,
        nonceSignature: Data,
        completionHandler handler: @escaping @Sendable (PKAddPaymentPassRequest) -> Void
    )

    /// Reports the end of the sheet: the added pass, or an `NSError` in
    /// ``PKPassKitErrorDomain`` with a ``PKAddPaymentPassError`` code. Dismiss
    /// the sheet here.
    func addPaymentPassViewController(
        _ controller: PKAddPaymentPassViewController,
        didFinishAdding pass: PKPaymentPass?,
        error: (any Error)?
    )
}
