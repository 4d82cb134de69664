/// Where a Watch connectivity session is, as in WatchConnectivity; not
/// frozen, as Apple's.
public enum WCSessionActivationState: Int, Hashable, Sendable {
    /// Not activated yet.
    case notActivated = 0
    /// Was active, the Watch is switching.
    case inactive = 1
    /// Active: `WCSession.isPaired` can be read.
    case activated = 2
}
