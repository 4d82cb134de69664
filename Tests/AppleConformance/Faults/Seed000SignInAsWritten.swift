// expect: conformance of 'IntentViewController' to protocol 'PKIssuerProvisioningExtensionAuthorizationProviding' crosses into main actor-isolated code
// Seed 000's UI extension as the seed writes it, without its button (whose
// `@objc` action and `#selector` need the Objective-C runtime): a
// UIViewController adopting PKIssuerProvisioningExtensionAuthorizationProviding
// with a plain `completionHandler`. Apple's protocol is not isolated, so
// Swift 6 refuses it on iOS; `@preconcurrency` on the conformance is the fix.
import PassKit
import UIKit

class IntentViewController: UIViewController, PKIssuerProvisioningExtensionAuthorizationProviding {
    var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)?

    func authButtonTouched() {
        self.completionHandler?(.authorized)
    }
}
