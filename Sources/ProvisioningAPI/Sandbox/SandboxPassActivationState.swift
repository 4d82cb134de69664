/// The activation state of a pass on a simulated device; PassKit's
/// `PKSecureElementPass.PassActivationState` with wire spellings.
package enum SandboxPassActivationState: String, WireEnumeration {
    /// Ready for payments.
    case activated = "ACTIVATED"
    /// Waiting for ID&V in the issuer app.
    case requiresActivation = "REQUIRES_ACTIVATION"
    /// Activation in progress.
    case activating = "ACTIVATING"
    /// Suspended by the issuer or the network.
    case suspended = "SUSPENDED"
    /// Deleted; kept so a device can see what happened.
    case deactivated = "DEACTIVATED"

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
