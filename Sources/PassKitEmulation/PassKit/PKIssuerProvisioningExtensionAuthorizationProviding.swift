import Foundation

/// The principal class of the issuer's sign-in (UI) extension, as in PassKit
/// (iOS 14): a view controller that signs the user in and calls
/// ``completionHandler`` once with the result.
///
/// As Apple's, the protocol is not isolated to the main actor. A view
/// controller (main-actor isolated, as UIKit's) adopts it with a
/// `@preconcurrency` conformance, which checks at run time that Wallet uses
/// it on the main thread, as it does:
///
/// ```swift
/// final class IntentViewController: UIViewController,
///     @preconcurrency PKIssuerProvisioningExtensionAuthorizationProviding
/// {
///     var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)?
///     func signedIn() { completionHandler?(.authorized) }
/// }
/// ```
public protocol PKIssuerProvisioningExtensionAuthorizationProviding: NSObjectProtocol {
    /// Set by Wallet before the extension appears; call it once with the result.
    var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)? { get set }
}
