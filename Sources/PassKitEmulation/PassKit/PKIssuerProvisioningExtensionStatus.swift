import Foundation

/// What an issuer provisioning extension tells Wallet in answer to
/// ``PKIssuerProvisioningExtensionHandler/status(completion:)``, as in
/// PassKit (iOS 14).
///
/// ```swift
/// let status = PKIssuerProvisioningExtensionStatus()
/// status.requiresAuthentication = true
/// status.passEntriesAvailable = true
/// completion(status)
/// ```
///
/// Like Apple's class it is not `Sendable`.
open class PKIssuerProvisioningExtensionStatus: NSObject {
    /// Makes a status with every flag `false`.
    public override init() {
        super.init()
    }

    /// Whether Wallet must show the issuer's sign-in (UI) extension before
    /// asking for entries.
    open var requiresAuthentication = false

    /// Whether at least one card can be added to this iPhone.
    open var passEntriesAvailable = false

    /// Whether at least one card can be added to the paired Apple Watch.
    open var remotePassEntriesAvailable = false

    open override var description: String {
        "status(requiresAuthentication: \(requiresAuthentication), passEntriesAvailable: \(passEntriesAvailable), "
            + "remotePassEntriesAvailable: \(remotePassEntriesAvailable))"
    }
}
