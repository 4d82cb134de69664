import Foundation

/// Receives a ``WCSession``'s activation, as in WatchConnectivity.
///
/// One deliberate difference from Apple's protocol: it is `@MainActor`, and the
/// emulation calls it on the main actor. Apple calls it on a background queue,
/// but the issuer code in the seed documents implements it in a
/// `UIViewController` (main-actor) subclass, which Swift 6 accepts only for a
/// main-actor protocol.
@MainActor
public protocol WCSessionDelegate: NSObjectProtocol, Sendable {
    /// The session finished activating; read ``WCSession/isPaired`` now.
    func session(
        _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?)

    /// The session became inactive (the user is switching Watches).
    func sessionDidBecomeInactive(_ session: WCSession)

    /// The session is deactivated; activate it again to talk to the new Watch.
    func sessionDidDeactivate(_ session: WCSession)
}
