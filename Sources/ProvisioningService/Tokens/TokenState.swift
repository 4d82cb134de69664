import ProvisioningAPI

/// The life-cycle state of a payment token (a card provisioned to one device).
///
/// Raw values are the lower-case names the service stores and logs.
package enum TokenState: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Provisioned but pending activation: the network asked for in-app ID&V.
    case inactive
    /// Usable for payments.
    case active
    /// Temporarily unusable; ``TokenLifecycleAction/resume`` makes it active again.
    case suspended
    /// Removed for good. Terminal: no action or event leaves this state.
    case deleted

    package var description: String { rawValue }

    /// Whether no action or event can leave this state.
    package var isTerminal: Bool { self == .deleted }
}

extension TokenState {
    /// The state as the wire format names it.
    package var wireStatus: ProvisioningAPI.TokenStatus {
        switch self {
        case .inactive: .inactive
        case .active: .active
        case .suspended: .suspended
        case .deleted: .deleted
        }
    }

    /// The state a wire status names.
    package init(_ status: ProvisioningAPI.TokenStatus) {
        switch status {
        case .inactive: self = .inactive
        case .active: self = .active
        case .suspended: self = .suspended
        case .deleted: self = .deleted
        }
    }
}

extension TokenLifecycleAction {
    /// The state the action leads to when it is legal: the contract's
    /// ``ProvisioningAPI/TokenLifecycleAction/resultingStatus``, as the service
    /// stores it.
    package var targetState: TokenState { TokenState(resultingStatus) }
}
