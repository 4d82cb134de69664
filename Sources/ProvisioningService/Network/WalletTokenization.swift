import ProvisioningAPI

/// The network's answer to a ``WalletTokenizationRequest``: the card's
/// token(s) and, for a card that needs ID&V, the open activation session.
package struct WalletTokenization: Sendable, Hashable {
    /// One token of the card, as the wallet may show it (suffix only).
    package struct Token: Sendable, Hashable {
        package var tokenId: String
        package var scheme: CardScheme
        package var tokenSuffix: String
        /// `MM/YY`.
        package var tokenExpiry: String
        /// The payment account reference, 29 characters.
        package var paymentAccountReference: String

        package init(
            tokenId: String, scheme: CardScheme, tokenSuffix: String, tokenExpiry: String,
            paymentAccountReference: String
        ) {
            self.tokenId = tokenId
            self.scheme = scheme
            self.tokenSuffix = tokenSuffix
            self.tokenExpiry = tokenExpiry
            self.paymentAccountReference = paymentAccountReference
        }
    }

    /// The main brand's token.
    package var main: Token
    /// The second brand's token of a dual-brand card.
    package var auxiliary: Token?
    /// `.active`, or `.inactive` while ID&V is pending.
    package var state: TokenState
    /// The pending ID&V session of an inactive card.
    package var activation: PendingActivationSession?

    package init(main: Token, auxiliary: Token?, state: TokenState, activation: PendingActivationSession?) {
        self.main = main
        self.auxiliary = auxiliary
        self.state = state
        self.activation = activation
    }
}
