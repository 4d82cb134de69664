#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// The passes of a card, as SDK 2.0 and earlier reported them.
///
/// Deprecated with ``TPCSDK/getCardDigitizationResult(card:completion:)``:
/// use ``TPCSDK/getToken(input:completion:)``, which returns the same two
/// passes, and ``AddToWalletState``.
public final class CardDigitizationResult {
    /// The card's pass on this iPhone.
    @available(*, deprecated, message: "Use TPCSDK.getToken(input:completion:).")
    public var localPKPass: PKPass? { local }
    /// The card's pass on the paired Watch.
    @available(*, deprecated, message: "Use TPCSDK.getToken(input:completion:).")
    public var remotePKPass: PKPass? { remote }

    /// Where the card stands: not digitized, digitized, or waiting for ID&V on
    /// one of the devices.
    public enum State: String, Hashable, Sendable {
        /// No device holds the card.
        case notDigitized
        /// A device holds the card, none waits for activation.
        case digitized
        /// The iPhone's pass waits for activation.
        case pendingIDVOnIPhone
        /// The Watch's pass waits for activation.
        case pendingIDVOnWatch
    }

    /// The card's digitization state.
    public var state: State {
        if local?.secureElementPass?.passActivationState == .requiresActivation { return .pendingIDVOnIPhone }
        if remote?.secureElementPass?.passActivationState == .requiresActivation { return .pendingIDVOnWatch }
        let holds = [local, remote].contains { pass in
            guard let state = pass?.secureElementPass?.passActivationState else { return false }
            return state != .deactivated
        }
        return holds ? .digitized : .notDigitized
    }

    private let local: PKPass?
    private let remote: PKPass?

    init(local: PKPass?, remote: PKPass?) {
        self.local = local
        self.remote = remote
    }
}
