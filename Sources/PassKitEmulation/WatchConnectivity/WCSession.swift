import Dispatch
import Foundation

/// A stand-in for WatchConnectivity's `WCSession`: tells the issuer app whether
/// the simulated iPhone has a paired Watch.
///
/// It reads ``SimulatedWallet/current``: sessions are supported when a
/// simulated wallet is installed, and ``isPaired`` is the wallet's
/// ``SimulatedWallet/isWatchPaired`` once the session is activated. The
/// issuer's Watch app does not exist in the emulation, so it is never
/// installed or reachable.
///
/// As Apple's, the session calls its delegate on a background queue, and
/// the class is not `Sendable`.
///
/// ```swift
/// if WCSession.isSupported() {
///     let session = WCSession.default
///     session.delegate = self
///     session.activate()
/// }
/// ```
public final class WCSession: NSObject {
    private let lock = NSLock()
    private weak var storedDelegate: (any WCSessionDelegate)?
    private var storedActivationState: WCSessionActivationState = .notActivated
    /// The simulated wallet the session was activated against, as a real
    /// session is bound to the phone's pairing at activation.
    private var activatedWallet: SimulatedWallet?
    /// The queue the session calls its delegate on, as WatchConnectivity's own.
    private let delegateQueue = DispatchQueue(label: "simulated-wcsession.delegate")

    private override init() {
        super.init()
    }

    /// The one session, held in a box that says once that its lock-guarded
    /// state may be read from any thread, as WatchConnectivity's own object is.
    private struct Shared: @unchecked Sendable {
        let session = WCSession()
    }

    private static let shared = Shared()

    /// The app's one session.
    public class var `default`: WCSession { shared.session }

    /// Whether this device can talk to a Watch: `true` when a simulated wallet
    /// is installed.
    public class func isSupported() -> Bool {
        SimulatedWallet.current != nil
    }

    /// Receives the session's activation.
    public var delegate: (any WCSessionDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// The session's activation state.
    public var activationState: WCSessionActivationState {
        lock.withLock { storedActivationState }
    }

    /// Whether a Watch is paired; `false` until the session is activated. It
    /// reads the current simulated wallet (``SimulatedWallet/current``), or,
    /// on the session's own queue where no wallet is current, the one the
    /// session was activated with.
    public var isPaired: Bool {
        let current = SimulatedWallet.current
        return lock.withLock {
            storedActivationState == .activated && ((current ?? activatedWallet)?.isWatchPaired ?? false)
        }
    }

    /// Whether the issuer's Watch app is installed; the emulation has none.
    public var isWatchAppInstalled: Bool { false }

    /// Whether the issuer's complication is on the watch face; the emulation
    /// has none.
    public var isComplicationEnabled: Bool { false }

    /// Whether the issuer's Watch app can be messaged now; never, as the
    /// emulation has none.
    public var isReachable: Bool { false }

    /// Activates the session; the delegate hears of it later, on the
    /// session's background queue, as from WatchConnectivity.
    public func activate() {
        let wallet = SimulatedWallet.current
        let supported = wallet != nil
        let newState: WCSessionActivationState = supported ? .activated : .notActivated
        let delegate = lock.withLock {
            storedActivationState = newState
            activatedWallet = wallet
            return Delivery(session: self, delegate: storedDelegate)
        }
        delegateQueue.async {
            let error: (any Error)? =
                supported ? nil : PassKitEmulationError(.notConfigured, "no simulated wallet is installed")
            delegate.delegate?.session(delegate.session, activationDidCompleteWith: newState, error: error)
        }
    }

    /// The session and its delegate on their way to the delegate queue.
    private struct Delivery: @unchecked Sendable {
        let session: WCSession
        weak var delegate: (any WCSessionDelegate)?
    }
}
