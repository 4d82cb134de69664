extension SandboxPassActivationState {
    /// The pass state that mirrors a token's state.
    package init(_ status: TokenStatus) {
        switch status {
        case .inactive: self = .requiresActivation
        case .active: self = .activated
        case .suspended: self = .suspended
        case .deleted: self = .deactivated
        }
    }
}
