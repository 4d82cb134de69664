import Foundation

/// The principal class of an issuer provisioning (non-UI) extension, as in
/// PassKit (iOS 14): Wallet asks it whether the issuer has cards to add, which
/// ones, and for each card the user picks, the encrypted request.
///
/// Subclass it and override the four methods, as on iOS:
///
/// ```swift
/// class IntentHandler: PKIssuerProvisioningExtensionHandler {
///     override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) { … }
///     override func passEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) { … }
///     override func remotePassEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) { … }
///     override func generateAddPaymentPassRequestForPassEntryWithIdentifier(…) { … }
/// }
/// ```
///
/// Each completion must be called exactly once: `status` within 100 ms, the
/// others within 20 s. ``SimulatedWalletApp`` hosts a handler the way Wallet
/// does and reports a completion that is late, missing or repeated.
///
/// The base class answers "nothing to add": a status with every flag `false`,
/// no entries and no request. Wallet calls the methods on threads of its
/// own, as on iOS; like Apple's class it is not `Sendable`.
open class PKIssuerProvisioningExtensionHandler: NSObject {
    /// Makes a handler; Wallet makes one per extension launch.
    public override init() {
        super.init()
    }

    /// Tells Wallet whether the issuer has cards for this iPhone or the Watch
    /// and whether the user must sign in first. Apple's limit: about 100 ms.
    open func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
        completion(PKIssuerProvisioningExtensionStatus())
    }

    /// The cards that can be added to this iPhone. Apple's limit: 20 s.
    open func passEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        completion([])
    }

    /// The cards that can be added to the paired Apple Watch. Apple's limit: 20 s.
    open func remotePassEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        completion([])
    }

    /// The encrypted request for the card the user picked, from Apple's
    /// certificates, nonce and the device's signature; `nil` when it cannot be
    /// made (Wallet shows an error). Apple's limit: 20 s.
    open func generateAddPaymentPassRequestForPassEntryWithIdentifier(
        _ identifier: String, configuration: PKAddPaymentPassRequestConfiguration,
        certificateChain certificates: [Data], nonce: Data, nonceSignature: Data,
        completionHandler completion: @escaping (PKAddPaymentPassRequest?) -> Void
    ) {
        completion(nil)
    }
}
