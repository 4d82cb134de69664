import Foundation
import ProvisioningAPI

/// A pass backed by the secure element, as in PassKit (iOS 13.4): its card
/// and token identifiers and its activation state.
///
/// ``deviceAccountIdentifier`` is the network token's id (what the SDK sends
/// to activate, suspend, resume or delete the token) and
/// ``primaryAccountNumberSuffix`` the card's last four digits.
open class PKSecureElementPass: PKPass {
    /// Where a secure-element pass is in its life, as in PassKit; it follows
    /// the network token's state. Not frozen, as Apple's: a `switch` over it
    /// needs `@unknown default`.
    public typealias PassActivationState = _PKSecureElementPass.PassActivationState

    /// The identifier of the card (the funding account) the issuer gave when
    /// adding it.
    open var primaryAccountIdentifier: String { record.primaryAccountIdentifier }

    /// The card's last four digits.
    open var primaryAccountNumberSuffix: String { record.primaryAccountNumberSuffix }

    /// The token's identifier at the network (the TSP token id).
    open var deviceAccountIdentifier: String { record.deviceAccountIdentifier }

    /// The token number's last four digits.
    open var deviceAccountNumberSuffix: String { record.deviceAccountNumberSuffix }

    /// The pass's state when this snapshot was taken.
    open var passActivationState: PassActivationState { PassActivationState(record.activationState) }

    /// The device's own identifier for the pass; the emulation has none.
    open var devicePassIdentifier: String? { nil }

    /// The paired terminal of an access pass; payment passes have none.
    open var pairedTerminalIdentifier: String? { nil }
}

extension PKSecureElementPass.PassActivationState {
    init(_ state: SandboxPassActivationState) {
        switch state {
        case .activated: self = .activated
        case .requiresActivation: self = .requiresActivation
        case .activating: self = .activating
        case .suspended: self = .suspended
        case .deactivated: self = .deactivated
        }
    }
}
