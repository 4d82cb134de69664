/// What the sandbox network decides for a test card at provisioning.
package enum SandboxCardOutcome: String, WireEnumeration {
    /// Green path: the pass is activated at once.
    case approve = "APPROVE"
    /// Yellow path: the pass requires activation in the issuer app.
    case requireActivation = "REQUIRE_ACTIVATION"
    /// Red path: the network declines.
    case decline = "DECLINE"
}
