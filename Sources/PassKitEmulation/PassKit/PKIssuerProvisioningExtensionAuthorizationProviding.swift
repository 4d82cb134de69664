import Foundation

/// The principal class of the issuer's sign-in (UI) extension, as in PassKit
/// (iOS 14): a view controller that signs the user in and calls
/// ``completionHandler`` once with the result.
///
/// ```swift
/// class IntentViewController: UIViewController, PKIssuerProvisioningExtensionAuthorizationProviding {
///     var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)?
///     func signedIn() { completionHandler?(.authorized) }
/// }
/// ```
///
/// The emulation isolates the protocol to the main actor: its conforming
/// types are view controllers (the emulation's ``UIViewController`` is
/// main-actor isolated, as UIKit's), and Wallet sets the handler on the main
/// actor.
@MainActor
public protocol PKIssuerProvisioningExtensionAuthorizationProviding: NSObjectProtocol {
    /// Set by Wallet before the extension appears; call it once with the result.
    var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)? { get set }
}
