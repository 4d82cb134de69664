import Foundation
import Synchronization

/// A stand-in for WatchConnectivity's `WCSession`: tells the issuer app whether
/// the simulated iPhone has a paired Watch.
///
/// It reads ``SimulatedWallet/current``: sessions are supported when a
/// simulated wallet is installed, and ``isPaired`` is the wallet's
/// ``SimulatedWallet/isWatchPaired`` once the session is activated.
///
/// ```swift
/// if WCSession.isSupported() {
///     let session = WCSession.default
///     session.delegate = self
///     session.activate()
/// }
/// ```
public final class WCSession: NSObject, @unchecked Sendable {
    private struct State {
        weak var delegate: (any WCSessionDelegate)?
        var activationState: WCSessionActivationState = .notActivated
    }

    private let state = Mutex(State())

    private override init() {
        super.init()
    }

    /// The app's one session.
    public static let `default` = WCSession()

    /// Whether this device can talk to a Watch: `true` when a simulated wallet
    /// is installed.
    public static func isSupported() -> Bool {
        SimulatedWallet.current != nil
    }

    /// Receives the session's activation.
    public var delegate: (any WCSessionDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The session's activation state.
    public var activationState: WCSessionActivationState {
        state.withLock { $0.activationState }
    }

    /// Whether a Watch is paired; `false` until the session is activated.
    public var isPaired: Bool {
        activationState == .activated && (SimulatedWallet.current?.isWatchPaired ?? false)
    }

    /// Whether the issuer's Watch app is installed; the emulation has none.
    public var isWatchAppInstalled: Bool { false }

    /// Activates the session; the delegate hears of it later, on the main actor.
    public func activate() {
        let supported = Self.isSupported()
        let newState: WCSessionActivationState = supported ? .activated : .notActivated
        state.withLock { $0.activationState = newState }
        Task { @MainActor in
            let error: (any Error)? =
                supported ? nil : PassKitEmulationError(.notConfigured, "no simulated wallet is installed")
            self.delegate?.session(self, activationDidCompleteWith: newState, error: error)
        }
    }
}
