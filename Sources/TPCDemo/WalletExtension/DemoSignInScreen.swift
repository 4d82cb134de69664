import Foundation
import PassKitEmulation
import WalletExtensions

/// The bank's sign-in (UI) Wallet extension in the demo: Wallet shows it when
/// the issuer extension's status requires authentication; the scripted user
/// signs in, and the sign-in is recorded in the App Group store for the
/// non-UI extension (``SharedCardStore/recordSignIn(at:lifetime:)``).
///
/// PassKit's protocol is not isolated; the conformance is `@preconcurrency`,
/// checked at run time, as Wallet sets and calls the handler on the main thread.
@MainActor
final class DemoSignInScreen: UIViewController, @preconcurrency PKIssuerProvisioningExtensionAuthorizationProviding {
    var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)?
    private let store: SharedCardStore

    init(store: SharedCardStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
    }

    /// Not made from an archive: Wallet makes the screen with ``init(store:)``.
    required init?(coder: NSCoder) {
        return nil
    }

    /// The user authenticates with the bank (the demo's user always can).
    func userSignedIn() {
        completeSignIn(.authorized, store: store)
    }

    /// What the user does when Wallet shows the screen: signs in.
    static let signsIn: SimulatedWalletApp.SignInScript = { ($0 as? DemoSignInScreen)?.userSignedIn() }
}
