import Foundation

/// Receives a ``WCSession``'s activation, as in WatchConnectivity.
///
/// As Apple's, the protocol is not isolated to the main actor, and the
/// session calls it on a background queue of its own. A view controller that
/// adopts it implements its methods `nonisolated` and hops to the main actor
/// for its own state:
///
/// ```swift
/// nonisolated func session(
///     _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?
/// ) {
///     let paired = error == nil && activationState == .activated && session.isPaired
///     Task { @MainActor in self.isWatchPaired = paired }
/// }
/// ```
public protocol WCSessionDelegate: NSObjectProtocol {
    /// The session finished activating; read ``WCSession/isPaired`` now.
    func session(
        _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?)

    /// The session became inactive (the user is switching Watches).
    func sessionDidBecomeInactive(_ session: WCSession)

    /// The session is deactivated; activate it again to talk to the new Watch.
    func sessionDidDeactivate(_ session: WCSession)
}
