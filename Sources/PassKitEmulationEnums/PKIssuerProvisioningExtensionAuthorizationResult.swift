/// How the issuer's sign-in (UI) extension ended, as in PassKit (iOS 14); not
/// frozen, as Apple's.
public enum PKIssuerProvisioningExtensionAuthorizationResult: Int, Hashable, Sendable {
    /// The user cancelled or was not authorized; Wallet adds nothing.
    case canceled = 0
    /// The user signed in; Wallet goes on to ask for entries.
    case authorized = 1
}
