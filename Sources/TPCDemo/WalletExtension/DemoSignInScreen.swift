import Foundation
import PassKitEmulation
import WalletExtensions

/// The bank's sign-in (UI) Wallet extension in the demo: Wallet shows it when
/// the issuer extension's status requires authentication; the scripted user
/// signs in, and the sign-in is recorded in the App Group store for the
/// non-UI extension (``SharedCardStore/recordSignIn(at:lifetime:)``).
@MainActor
final class DemoSignInScreen: UIViewController, PKIssuerProvisioningExtensionAuthorizationProviding {
    var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)?
    private let store: SharedCardStore

    init(store: SharedCardStore) {
        self.store = store
        super.init()
    }

    /// The user authenticates with the bank (the demo's user always can).
    func userSignedIn() {
        completeSignIn(.authorized, store: store)
    }

    /// What the user does when Wallet shows the screen: signs in.
    static let signsIn: SimulatedWalletApp.SignInScript = { ($0 as? DemoSignInScreen)?.userSignedIn() }
}
