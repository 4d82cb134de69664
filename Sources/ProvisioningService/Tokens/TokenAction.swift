import ProvisioningAPI

/// A life-cycle operation the issuer asks for on a token.
///
/// Raw values are lower-case; ``init(wireValue:)`` also reads the seeds'
/// capitalised spelling ("Activate", "Suspend"…).
package enum TokenAction: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Inactive → active, after the issuer's in-app ID&V.
    case activate
    /// Active → suspended.
    case suspend
    /// Suspended → active.
    case resume
    /// Any state but deleted → deleted.
    case delete

    /// Parses an action name case-insensitively, or `nil` for an unknown one.
    package init?(wireValue: String) {
        self.init(rawValue: wireValue.lowercased())
    }

    package var description: String { rawValue }

    /// The state the action leads to when it is legal: the contract's
    /// ``ProvisioningAPI/TokenLifecycleAction/resultingStatus``.
    package var targetState: TokenState { TokenState(wireAction.resultingStatus) }

    /// The domain action of a wire action.
    package init(_ action: TokenLifecycleAction) {
        switch action {
        case .activate: self = .activate
        case .suspend: self = .suspend
        case .resume: self = .resume
        case .delete: self = .delete
        }
    }

    /// The action as the wire format names it.
    package var wireAction: TokenLifecycleAction {
        switch self {
        case .activate: .activate
        case .suspend: .suspend
        case .resume: .resume
        case .delete: .delete
        }
    }
}
