/// The kind of operation an ``AuditEvent`` records.
///
/// An open set: the service may add actions; clients keep unknown ones as they
/// are. Spelled in lower case with dots.
public struct AuditAction: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// An Apple Pay provisioning request.
    public static let provision = AuditAction(rawValue: "provision")
    /// A token activation.
    public static let tokenActivate = AuditAction(rawValue: "token.activate")
    /// A token suspension.
    public static let tokenSuspend = AuditAction(rawValue: "token.suspend")
    /// A token resumption.
    public static let tokenResume = AuditAction(rawValue: "token.resume")
    /// A token deletion.
    public static let tokenDelete = AuditAction(rawValue: "token.delete")
    /// A notification from a network.
    public static let networkNotification = AuditAction(rawValue: "network.notification")
    /// The registry took the network's view of a token it disagreed with.
    public static let tokenReconcile = AuditAction(rawValue: "token.reconcile")
    /// A card enrolled into the issuer's wallet.
    public static let walletEnrol = AuditAction(rawValue: "wallet.enrol")

    /// The audit action recording `action` on a token.
    public init(_ action: TokenLifecycleAction) {
        switch action {
        case .activate: self = .tokenActivate
        case .suspend: self = .tokenSuspend
        case .resume: self = .tokenResume
        case .delete: self = .tokenDelete
        }
    }
}
