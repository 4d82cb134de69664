// expect: switch covers known cases, but 'PKSecureElementPass.PassActivationState'
// Fault injection for scripts/check-apple-conformance.sh: an exhaustive switch
// over an Apple enumeration without `@unknown default`. It compiles against a
// frozen stand-in and fails on iOS in Swift 6; the check must fail on it,
// against the stubs and against PassKitEmulation.
import PassKit

func describe(_ pass: PKSecureElementPass) -> String {
    switch pass.passActivationState {
    case .activated: "ready"
    case .requiresActivation: "verify"
    case .activating: "activating"
    case .suspended: "suspended"
    case .deactivated: "deleted"
    }
}
