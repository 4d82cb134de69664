/// One of the three targets of an issuer app with Wallet extensions.
package enum ExtensionTarget: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The issuer app.
    case app
    /// The non-UI extension (`com.apple.PassKit.issuer-provisioning`).
    case issuerExtension
    /// The sign-in UI extension (`com.apple.PassKit.issuer-provisioning.authorization`).
    case authorizationExtension

    /// The `NSExtensionPointIdentifier` the target's Info.plist must carry;
    /// `nil` for the app.
    package var extensionPointIdentifier: String? {
        switch self {
        case .app: nil
        case .issuerExtension: "com.apple.PassKit.issuer-provisioning"
        case .authorizationExtension: "com.apple.PassKit.issuer-provisioning.authorization"
        }
    }

    /// What the principal class must be, for messages.
    var principalClassRole: String {
        switch self {
        case .app: ""
        case .issuerExtension: "a subclass of PKIssuerProvisioningExtensionHandler"
        case .authorizationExtension:
            "a view controller conforming to PKIssuerProvisioningExtensionAuthorizationProviding"
        }
    }

    package var description: String {
        switch self {
        case .app: "app"
        case .issuerExtension: "issuer extension"
        case .authorizationExtension: "sign-in extension"
        }
    }
}
