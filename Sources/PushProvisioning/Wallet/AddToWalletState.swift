#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// What the app shows for a card: an "Add to Apple Wallet" button (and for
/// which device), a prompt to finish activation, or nothing.
///
/// ``init(localState:remoteState:isWatchPaired:)`` is seed 003's decision
/// table as a pure function, with its gaps filled:
///
/// | local (iPhone) | remote (Watch) | Watch paired | state |
/// | --- | --- | --- | --- |
/// | requires activation | any | any | ``pendingActivation(_:)`` `.iPhone` |
/// | any | requires activation | any | ``pendingActivation(_:)`` `.watch` |
/// | activating | any | any | ``activationInProgress(_:)`` `.iPhone` |
/// | any | activating | any | ``activationInProgress(_:)`` `.watch` |
/// | none | none | yes | ``addToiPhoneOrWatch`` |
/// | none | none / present | no / — | ``addToiPhone`` |
/// | none | present | yes | ``addToiPhone`` |
/// | present | none | yes | ``addToWatch`` |
/// | present | none | no | ``hidden`` |
/// | present | present | any | ``onBothDevices`` |
///
/// "None" includes a deactivated (deleted) pass, which no longer holds the
/// card; "present" is activated or suspended. A pending activation outranks
/// everything (iPhone before Watch), because the card is already on that
/// device and only ID&V is missing. The seed's table instead shows "Add to
/// Apple Wallet" whenever the iPhone lacks the card, even if the Watch's pass
/// is waiting for activation, and cannot tell the app that the user may pick
/// either device when neither has the card.
///
/// ```swift
/// TPCSDK.getToken(input: GetTokenInput(last4: "1234")) { local, remote, error in
///     let state = AddToWalletState(localPass: local, remotePass: remote, isWatchPaired: isWatchPaired)
///     addButton.isHidden = !state.showsAddButton
/// }
/// ```
public enum AddToWalletState: Hashable, Sendable, CustomStringConvertible {
    /// The card is on no device and a Watch is paired: show the button; the
    /// add sheet lets the user choose the iPhone or the Watch.
    case addToiPhoneOrWatch
    /// The iPhone lacks the card: show the button for the iPhone.
    case addToiPhone
    /// The iPhone has the card, the paired Watch lacks it: show the button for
    /// the Watch.
    case addToWatch
    /// A pass on this device waits for ID&V: offer to verify (see
    /// ``TPCSDK/updateTokenState(tokenId:tokenRequestorId:schemeString:authorizationCode:action:completion:)``).
    case pendingActivation(WalletDevice)
    /// Wallet is activating the pass on this device: show progress, no button.
    case activationInProgress(WalletDevice)
    /// The card is on the iPhone and on the Watch: hide the button.
    case onBothDevices
    /// The card is on the iPhone and no Watch is paired: hide the button.
    case hidden

    /// Decides the state from the activation states of the card's pass on each
    /// device (`nil` when the device has no pass for the card).
    public init(
        localState: PKSecureElementPass.PassActivationState?,
        remoteState: PKSecureElementPass.PassActivationState?,
        isWatchPaired: Bool
    ) {
        if localState == .requiresActivation {
            self = .pendingActivation(.iPhone)
        } else if remoteState == .requiresActivation {
            self = .pendingActivation(.watch)
        } else if localState == .activating {
            self = .activationInProgress(.iPhone)
        } else if remoteState == .activating {
            self = .activationInProgress(.watch)
        } else {
            let onPhone = Self.holdsCard(localState)
            let onWatch = Self.holdsCard(remoteState)
            switch (onPhone, onWatch) {
            case (false, false): self = isWatchPaired ? .addToiPhoneOrWatch : .addToiPhone
            case (false, true): self = .addToiPhone
            case (true, false): self = isWatchPaired ? .addToWatch : .hidden
            case (true, true): self = .onBothDevices
            }
        }
    }

    /// Decides the state from the passes ``TPCSDK/getToken(input:completion:)`` returned.
    public init(localPass: PKPass?, remotePass: PKPass?, isWatchPaired: Bool) {
        self.init(
            localState: localPass?.secureElementPass?.passActivationState,
            remoteState: remotePass?.secureElementPass?.passActivationState,
            isWatchPaired: isWatchPaired)
    }

    /// Whether an "Add to Apple Wallet" button is shown.
    public var showsAddButton: Bool { !devicesNeedingCard.isEmpty }

    /// The devices the button would add the card to.
    public var devicesNeedingCard: [WalletDevice] {
        switch self {
        case .addToiPhoneOrWatch: [.iPhone, .watch]
        case .addToiPhone: [.iPhone]
        case .addToWatch: [.watch]
        case .pendingActivation, .activationInProgress, .onBothDevices, .hidden: []
        }
    }

    public var description: String {
        switch self {
        case .addToiPhoneOrWatch: "addToiPhoneOrWatch"
        case .addToiPhone: "addToiPhone"
        case .addToWatch: "addToWatch"
        case .pendingActivation(let device): "pendingActivation(\(device))"
        case .activationInProgress(let device): "activationInProgress(\(device))"
        case .onBothDevices: "onBothDevices"
        case .hidden: "hidden"
        }
    }

    /// Whether a pass in `state` holds a usable (or suspended) card.
    private static func holdsCard(_ state: PKSecureElementPass.PassActivationState?) -> Bool {
        switch state {
        case nil, .deactivated?: false
        default: true
        }
    }
}
