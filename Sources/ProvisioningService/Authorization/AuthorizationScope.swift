import ProvisioningAPI
import ProvisioningPrimitives

/// What an authorization code lets its bearer do: one value of the code's
/// `scope` claim.
package struct AuthorizationScope: ExtensibleEnumeration {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// Add a card to Apple Pay (`POST …/applepay/provisioning`).
    package static let provision = AuthorizationScope(rawValue: "provision")
    /// List the tokens of a card (`GET …/cards/{cardRef}/tokens`).
    package static let tokensRead = AuthorizationScope(rawValue: "tokens:read")
    /// Register an instance of the issuer's wallet app for the code's `sub`
    /// (`POST …/wallets`).
    package static let walletRegister = AuthorizationScope(rawValue: "wallet:register")
    /// Enrol a card into a wallet (`POST …/wallets/{walletId}/cards`), bound to
    /// the card like `provision`.
    package static let walletEnrol = AuthorizationScope(rawValue: "wallet:enrol")
    package static let tokenActivate = AuthorizationScope(rawValue: "token:activate")
    package static let tokenSuspend = AuthorizationScope(rawValue: "token:suspend")
    package static let tokenResume = AuthorizationScope(rawValue: "token:resume")
    package static let tokenDelete = AuthorizationScope(rawValue: "token:delete")

    /// The scope a lifecycle action needs: `token:` and its name
    /// (``tokenActivate`` … ``tokenDelete``).
    package init(_ action: TokenLifecycleAction) {
        self.init(rawValue: "token:" + action.name)
    }
}
