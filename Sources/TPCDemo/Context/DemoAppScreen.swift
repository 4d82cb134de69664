import Foundation
import PassKitEmulation
import PushProvisioning

/// The bank app's card screen in the demo: it presents the add sheet through
/// `TPCSDK.provision(fromController:…)` and hears the outcome as its
/// `TPCSDKProvisionDelegate`.
@MainActor
final class DemoAppScreen: UIViewController, TPCSDKProvisionDelegate {
    private var continuation: CheckedContinuation<Void, Never>?
    private var outcome: (pass: PKPaymentPass?, error: (any Error)?)?
    /// How many times the SDK called the delegate (must be once per sheet).
    private(set) var completions = 0

    /// Runs `start` (which presents the sheet) and waits for the delegate.
    func provision(_ start: (TPCSDKProvisionDelegate) -> Void) async -> (pass: PKPaymentPass?, error: (any Error)?) {
        outcome = nil
        // The pass stays on the main actor: the continuation only says that
        // the delegate was called (PassKit's passes are not Sendable).
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            self.continuation = continuation
            start(self)
        }
        return outcome ?? (nil, nil)
    }

    func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
        completions += 1
        outcome = (pass, error)
        continuation?.resume()
        continuation = nil
    }
}
