import Foundation

/// The sheet that adds a payment card to Apple Pay, as in PassKit (iOS 9).
///
/// Make one with a configuration and a delegate, and present it. In the
/// emulation, presenting it (``UIViewController/present(_:animated:completion:)``)
/// runs what Wallet does on a device, against the sandbox:
///
/// 1. the scripted user (``SimulatedWallet/scriptUser(_:)-(SimulatedUserChoice...)``) picks the iPhone
///    or the Watch, or cancels;
/// 2. the chosen device asks the sandbox's Apple side for a nonce and signs it
///    with its own P-256 key (ECDSA-SHA256, DER);
/// 3. the delegate gets the sandbox certificate chain, the nonce and the
///    signature, and must call the handler once within
///    ``SimulatedWallet/sheetTimeout`` (20 s by default);
/// 4. the request is submitted to the sandbox, which decrypts it and asks the
///    card network; the new pass is stored on the chosen device;
/// 5. the delegate hears `didFinishAdding` with the pass, or an `NSError` in
///    ``PKPassKitErrorDomain``.
///
/// How each ending is reported:
///
/// | What happened | Error code |
/// |---|---|
/// | The user cancelled | ``PKAddPaymentPassError/userCancelled`` |
/// | The handler was late or never called; the request was incomplete; the network declined; the sandbox failed | ``PKAddPaymentPassError/systemCancelled`` |
/// | The chosen device cannot take this card (already there, no Watch, RSA_V2, FeliCa) | ``PKAddPaymentPassError/unsupported`` |
///
/// Apple shows the user its own error for a declined card and then ends the
/// sheet; its code is not documented, so the emulation reports a decline as
/// a system cancellation with the reason in `NSLocalizedFailureReasonErrorKey`.
///
/// ```swift
/// guard let sheet = PKAddPaymentPassViewController(requestConfiguration: configuration, delegate: self) else {
///     return   // no name and no suffix, or no device can take the card
/// }
/// present(sheet, animated: true)
/// ```
open class PKAddPaymentPassViewController: UIViewController {
    /// The sheet's configuration.
    let configuration: PKAddPaymentPassRequestConfiguration
    /// The simulated wallet the sheet adds to.
    let wallet: SimulatedWallet
    private var flow: Task<Void, Never>?

    /// Receives the sheet's request for card data and its outcome.
    open weak var delegate: (any PKAddPaymentPassViewControllerDelegate)?

    /// Whether this app can add payment cards: `true` when a simulated wallet is
    /// installed (``SimulatedWallet/install(_:)`` or `PP_SIMULATED_DEVICE_DIR`).
    public static func canAddPaymentPass() -> Bool {
        SimulatedWallet.current != nil
    }

    /// Makes the sheet, or `nil` as PassKit does: when the configuration has
    /// neither a cardholder name nor an account suffix, when no simulated wallet
    /// is installed, or when the configuration's primary account identifier is
    /// already on every device.
    public init?(
        requestConfiguration configuration: PKAddPaymentPassRequestConfiguration,
        delegate: (any PKAddPaymentPassViewControllerDelegate)?
    ) {
        guard configuration.cardholderName?.isEmpty == false || configuration.primaryAccountSuffix?.isEmpty == false,
            let wallet = SimulatedWallet.current
        else { return nil }
        if let identifier = configuration.primaryAccountIdentifier, !wallet.devicesThatCanAdd(identifier).canAddAny {
            return nil
        }
        self.configuration = configuration
        self.wallet = wallet
        self.delegate = delegate
        super.init(nibName: nil, bundle: nil)
    }

    /// The sheet cannot be archived: always `nil`, as PassKit's sheet is made
    /// only with ``init(requestConfiguration:delegate:)``.
    public required nonisolated init?(coder: NSCoder) {
        return nil
    }

    /// Starts the add flow when the sheet appears; it runs once per sheet.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard flow == nil else { return }
        // The task holds the sheet until it ends, which the timeout bounds, as
        // Wallet keeps its sheet up until the flow is over.
        flow = Task { @MainActor in
            let outcome = await AddPaymentPassFlow(controller: self).run()
            self.delegate?.addPaymentPassViewController(
                self, didFinishAdding: outcome.pass, error: outcome.error)
        }
    }
}
