/// The network's answer to a ``WalletTokenizationRequest``: the card's
/// token(s) and, for a card that needs ID&V, the open activation session.
public struct WalletTokenization: Sendable, Hashable {
    /// One token of the card, as the wallet may show it (suffix only).
    public struct Token: Sendable, Hashable {
        public var tokenId: String
        public var scheme: CardScheme
        public var tokenSuffix: String
        /// `MM/YY`.
        public var tokenExpiry: String
        /// The payment account reference, 29 characters.
        public var paymentAccountReference: String

        public init(
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
    public var main: Token
    /// The second brand's token of a dual-brand card.
    public var auxiliary: Token?
    /// `.active`, or `.inactive` while ID&V is pending.
    public var state: TokenState
    /// The pending ID&V session of an inactive card.
    public var activation: WalletActivationSession?

    public init(main: Token, auxiliary: Token?, state: TokenState, activation: WalletActivationSession?) {
        self.main = main
        self.auxiliary = auxiliary
        self.state = state
        self.activation = activation
    }
}
