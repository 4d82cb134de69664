import Foundation
import PassKitEmulation
import PushProvisioning

/// The bank app's card screen in the demo: it presents the add sheet through
/// `TPCSDK.provision(fromController:…)` and hears the outcome as its
/// `TPCSDKProvisionDelegate`.
@MainActor
final class DemoAppScreen: UIViewController, TPCSDKProvisionDelegate {
    private var continuation: CheckedContinuation<(pass: PKPaymentPass?, error: (any Error)?), Never>?
    /// How many times the SDK called the delegate (must be once per sheet).
    private(set) var completions = 0

    /// Runs `start` (which presents the sheet) and waits for the delegate.
    func provision(_ start: (TPCSDKProvisionDelegate) -> Void) async -> (pass: PKPaymentPass?, error: (any Error)?) {
        await withCheckedContinuation { continuation in
            self.continuation = continuation
            start(self)
        }
    }

    func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
        completions += 1
        continuation?.resume(returning: (pass, error))
        continuation = nil
    }
}
