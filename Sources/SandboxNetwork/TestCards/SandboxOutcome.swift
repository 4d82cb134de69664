/// What the sandbox network decides when a card is provisioned (its ID&V
/// decision), as driven by the test card used.
package enum SandboxOutcome: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Green path: the token is created active.
    case approve
    /// Yellow path: the token is created inactive and waits for activation in the
    /// issuer's app (Wallet opens the app with `action=verify`).
    case requireActivation
    /// Red path: no token is created.
    case decline
    /// Yellow path with a one-time passcode: identity verification before the
    /// token becomes active (used by the issuer-wallet flows).
    case requireIdentityVerification

    package var description: String { rawValue }
}
