/// What an authorization code lets its bearer do: one value of the code's
/// `scope` claim.
public struct AuthorizationScope: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Add a card to Apple Pay (`POST …/applepay/provisioning`).
    public static let provision = AuthorizationScope(rawValue: "provision")
    /// List the tokens of a card (`GET …/cards/{cardRef}/tokens`).
    public static let tokensRead = AuthorizationScope(rawValue: "tokens:read")
    /// Register an instance of the issuer's wallet app for the code's `sub`
    /// (`POST …/wallets`).
    public static let walletRegister = AuthorizationScope(rawValue: "wallet:register")
    /// Enrol a card into a wallet (`POST …/wallets/{walletId}/cards`), bound to
    /// the card like `provision`.
    public static let walletEnrol = AuthorizationScope(rawValue: "wallet:enrol")
    public static let tokenActivate = AuthorizationScope(rawValue: "token:activate")
    public static let tokenSuspend = AuthorizationScope(rawValue: "token:suspend")
    public static let tokenResume = AuthorizationScope(rawValue: "token:resume")
    public static let tokenDelete = AuthorizationScope(rawValue: "token:delete")

    /// The scope a lifecycle action needs.
    public init(_ action: TokenAction) {
        switch action {
        case .activate: self = .tokenActivate
        case .suspend: self = .tokenSuspend
        case .resume: self = .tokenResume
        case .delete: self = .tokenDelete
        }
    }
}
