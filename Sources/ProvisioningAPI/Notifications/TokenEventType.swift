/// What happened to a token, in a network notification.
package enum TokenEventType: String, WireEnumeration {
    /// The network created the token (after provisioning).
    case created = "CREATED"
    /// The token became active (ID&V completed).
    case activated = "ACTIVATED"
    /// The token was suspended.
    case suspended = "SUSPENDED"
    /// The token was resumed.
    case resumed = "RESUMED"
    /// The token was deleted.
    case deleted = "DELETED"
    /// Something else changed (device name, token expiry…); state unchanged.
    case updated = "UPDATED"
}
