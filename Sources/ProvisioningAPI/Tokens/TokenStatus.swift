/// The state of a token (a card on a device), as reported by the service.
///
/// Spelled `"INACTIVE"`, `"ACTIVE"`, `"SUSPENDED"`, `"DELETED"` on the wire.
/// ``TokenLifecycleAction/isAllowed(from:)`` is the state machine between them.
public enum TokenStatus: String, WireEnumeration {
    /// Created, waiting for ID&V (Apple's "requires activation").
    case inactive = "INACTIVE"
    /// Usable for payments.
    case active = "ACTIVE"
    /// Temporarily unusable; can be resumed.
    case suspended = "SUSPENDED"
    /// Removed for good; terminal.
    case deleted = "DELETED"
}
