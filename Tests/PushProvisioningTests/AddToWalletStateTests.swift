import PassKitEmulation
import PushProvisioning
import Testing

@Suite("Add to Wallet state", .timeLimit(.minutes(10)))
struct AddToWalletStateTests {
    typealias Activation = PKSecureElementPass.PassActivationState

    static let states: [Activation?] = [nil, .activated, .requiresActivation, .activating, .suspended, .deactivated]

    /// Seed 003's table, row by row, with the gaps it leaves filled.
    @Test(
        "seed 003's decision rows",
        arguments: [
            (Activation?.none, Activation?.none, false, AddToWalletState.addToiPhone),
            (nil, nil, true, .addToiPhoneOrWatch),
            (.activated, nil, true, .addToWatch),
            (.activated, nil, false, .hidden),
            (.activated, .activated, true, .onBothDevices),
            (.requiresActivation, nil, true, .pendingActivation(.iPhone)),
            (.activated, .requiresActivation, true, .pendingActivation(.watch)),
            (nil, .activated, true, .addToiPhone),
            // Gaps of the seed's table:
            (nil, .requiresActivation, true, .pendingActivation(.watch)),
            (.deactivated, nil, false, .addToiPhone),
            (.activated, .deactivated, true, .addToWatch),
            (.suspended, .activated, true, .onBothDevices),
            (.activating, nil, true, .activationInProgress(.iPhone)),
            (.activated, .activated, false, .onBothDevices),
        ])
    func seedRows(local: Activation?, remote: Activation?, paired: Bool, expected: AddToWalletState) {
        #expect(AddToWalletState(localState: local, remoteState: remote, isWatchPaired: paired) == expected)
    }

    @Test("a pending activation outranks every button, iPhone first")
    func pendingActivationWins() {
        for local in Self.states {
            for remote in Self.states {
                for paired in [false, true] {
                    let state = AddToWalletState(localState: local, remoteState: remote, isWatchPaired: paired)
                    if local == .requiresActivation {
                        #expect(state == .pendingActivation(.iPhone))
                    } else if remote == .requiresActivation {
                        #expect(state == .pendingActivation(.watch))
                    }
                }
            }
        }
    }

    @Test("the button only ever targets a device that lacks the card")
    func buttonTargetsOnlyDevicesLackingTheCard() {
        let holds: (Activation?) -> Bool = { $0 != nil && $0 != .deactivated }
        for local in Self.states {
            for remote in Self.states {
                for paired in [false, true] {
                    let state = AddToWalletState(localState: local, remoteState: remote, isWatchPaired: paired)
                    for device in state.devicesNeedingCard {
                        switch device {
                        case .iPhone: #expect(!holds(local), "\(local as Any) \(remote as Any) \(paired)")
                        case .watch:
                            #expect(!holds(remote) && paired, "\(local as Any) \(remote as Any) \(paired)")
                        }
                    }
                    let busy = [local, remote].contains { $0 == .requiresActivation || $0 == .activating }
                    if !busy, !holds(local) {
                        #expect(state.devicesNeedingCard.contains(.iPhone))
                    }
                    if !busy, holds(local), !holds(remote), paired {
                        #expect(state == .addToWatch)
                    }
                    if !busy, holds(local), holds(remote) {
                        #expect(state == .onBothDevices && !state.showsAddButton)
                    }
                }
            }
        }
    }
}
