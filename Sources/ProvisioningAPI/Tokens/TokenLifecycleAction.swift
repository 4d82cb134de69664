/// An operation on a token's lifecycle, as sent in a state-change request.
///
/// Spelled `"ACTIVATE"`, `"SUSPEND"`, `"RESUME"`, `"DELETE"` on the wire and
/// decoded regardless of case. (The SDK's `TokenState` with `.Activate` etc.
/// is the seed's client-side name for the same thing.)
public enum TokenLifecycleAction: String, WireEnumeration {
    /// Activate a token left pending ID&V: inactive → active.
    case activate = "ACTIVATE"
    /// Suspend an active token: active → suspended.
    case suspend = "SUSPEND"
    /// Resume a suspended token: suspended → active.
    case resume = "RESUME"
    /// Delete the token for good: any state but deleted → deleted.
    case delete = "DELETE"

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
