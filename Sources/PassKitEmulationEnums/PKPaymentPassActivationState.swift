/// A payment pass's state under its pre-iOS 13.4 name, as in PassKit; not
/// frozen, as Apple's.
public enum PKPaymentPassActivationState: UInt, Hashable, Sendable {
    /// Ready to pay.
    case activated = 0
    /// Waiting for identity verification.
    case requiresActivation = 1
    /// Activation is under way.
    case activating = 2
    /// Suspended.
    case suspended = 3
    /// Deleted.
    case deactivated = 4
}
