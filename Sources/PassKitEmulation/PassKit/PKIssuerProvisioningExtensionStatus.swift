import Foundation
import Synchronization

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
/// The emulation guards its properties with a lock so that a status can be
/// handed between threads; Apple's class makes no such promise.
open class PKIssuerProvisioningExtensionStatus: NSObject, @unchecked Sendable {
    private struct Fields {
        var requiresAuthentication = false
        var passEntriesAvailable = false
        var remotePassEntriesAvailable = false
    }

    private let fields = Mutex(Fields())

    /// Makes a status with every flag `false`.
    public override init() {
        super.init()
    }

    /// Whether Wallet must show the issuer's sign-in (UI) extension before
    /// asking for entries.
    open var requiresAuthentication: Bool {
        get { fields.withLock { $0.requiresAuthentication } }
        set { fields.withLock { $0.requiresAuthentication = newValue } }
    }

    /// Whether at least one card can be added to this iPhone.
    open var passEntriesAvailable: Bool {
        get { fields.withLock { $0.passEntriesAvailable } }
        set { fields.withLock { $0.passEntriesAvailable = newValue } }
    }

    /// Whether at least one card can be added to the paired Apple Watch.
    open var remotePassEntriesAvailable: Bool {
        get { fields.withLock { $0.remotePassEntriesAvailable } }
        set { fields.withLock { $0.remotePassEntriesAvailable = newValue } }
    }

    open override var description: String {
        "status(requiresAuthentication: \(requiresAuthentication), passEntriesAvailable: \(passEntriesAvailable), "
            + "remotePassEntriesAvailable: \(remotePassEntriesAvailable))"
    }
}
