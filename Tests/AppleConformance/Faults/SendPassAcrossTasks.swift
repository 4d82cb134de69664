// expect: passing closure as a 'sending' parameter risks causing data races
// Fault injection for scripts/check-apple-conformance.sh: a PKPass (not
// Sendable in PassKit) captured by a detached task while the caller keeps
// using it. It compiles against an `@unchecked Sendable` stand-in and fails on
// iOS in Swift 6; the check must fail on it, against the stubs and against
// PassKitEmulation.
import PassKit

func refresh(_ pass: PKPass) {
    Task.detached {
        print(pass.serialNumber)
    }
    print(pass.passTypeIdentifier)
}
