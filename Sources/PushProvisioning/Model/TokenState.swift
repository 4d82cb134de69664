import ProvisioningAPI

/// A lifecycle action on a token, passed to
/// ``TPCSDK/updateTokenState(tokenId:tokenRequestorId:schemeString:authorizationCode:action:completion:)``.
///
/// The seeds name it `TokenState`; it is the action to take, not the token's
/// state (``Token/State`` is that).
public enum TokenState: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Activate a token left pending ID&V (the pass reads "requires activation").
    case Activate = 0
    /// Suspend an active token.
    case Suspend = 1
    /// Resume a suspended token.
    case Resume = 2
    /// Delete the token for good.
    case Delete = 3

    /// The action in the service's contract.
    public var lifecycleAction: TokenLifecycleAction {
        switch self {
        case .Activate: .activate
        case .Suspend: .suspend
        case .Resume: .resume
        case .Delete: .delete
        }
    }

    public var description: String { lifecycleAction.rawValue }
}
