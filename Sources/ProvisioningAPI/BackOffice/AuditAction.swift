import ProvisioningPrimitives

/// The kind of operation an ``AuditEvent`` records.
///
/// An open set: the service may add actions; clients keep unknown ones as they
/// are. Spelled in lower case with dots.
package struct AuditAction: ExtensibleEnumeration, Codable {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    // Codable as the bare string: the standard library's RawRepresentable coding.

    /// An Apple Pay provisioning request.
    package static let provision = AuditAction(rawValue: "provision")
    /// A token activation.
    package static let tokenActivate = AuditAction(rawValue: "token.activate")
    /// A token suspension.
    package static let tokenSuspend = AuditAction(rawValue: "token.suspend")
    /// A token resumption.
    package static let tokenResume = AuditAction(rawValue: "token.resume")
    /// A token deletion.
    package static let tokenDelete = AuditAction(rawValue: "token.delete")
    /// A notification from a network.
    package static let networkNotification = AuditAction(rawValue: "network.notification")
    /// The registry took the network's view of a token it disagreed with.
    package static let tokenReconcile = AuditAction(rawValue: "token.reconcile")
    /// A card enrolled into the issuer's wallet.
    package static let walletEnrol = AuditAction(rawValue: "wallet.enrol")

    /// The audit action recording `action` on a token: `token.` and its name
    /// (``tokenActivate`` … ``tokenDelete``).
    package init(_ action: TokenLifecycleAction) {
        self.init(rawValue: "token." + action.name)
    }
}
