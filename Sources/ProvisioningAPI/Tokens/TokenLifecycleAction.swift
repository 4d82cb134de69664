extension TokenLifecycleAction {
    /// The action in lower case (`suspend`), as the names derived from it spell
    /// it: the audit action `token.suspend`, the code scope `token:suspend`, the
    /// service's log.
    package var name: String { rawValue.lowercased() }

    /// The state the token is in after the action succeeds.
    public var resultingStatus: TokenStatus {
        switch self {
        case .activate, .resume: .active
        case .suspend: .suspended
        case .delete: .deleted
        }
    }

    /// Whether the action is allowed from `status`. Anything else is an
    /// `illegal-transition` problem (409).
    public func isAllowed(from status: TokenStatus) -> Bool {
        switch (self, status) {
        case (.activate, .inactive), (.suspend, .active), (.resume, .suspended): true
        case (.delete, .inactive), (.delete, .active), (.delete, .suspended): true
        default: false
        }
    }
}
