import Foundation
import PassKitEmulation
import PushProvisioning

/// The issuer app's screen: presents the sheet and hears the outcome.
@MainActor
package final class ProvisioningProbe: UIViewController, TPCSDKProvisionDelegate {
    package typealias Outcome = (pass: PKPaymentPass?, error: (any Error)?)

    // The wait carries no pass: PassKit's passes are not Sendable, so the
    // outcome stays on the main actor and the wait only says it arrived.
    private var pending: BoundedWait<Bool>?
    private var outcome: Outcome?
    package private(set) var completions = 0

    /// Runs `start` (which calls `TPCSDK.provision` with this delegate) and
    /// waits for `onProvisionCompletion`.
    ///
    /// - Throws: ``TestSupportError`` `timeout` when the SDK never calls the
    ///   delegate: Wallet's own limit is 20 s, so 120 s means the SDK lost the call.
    package func provision(
        _ start: @MainActor (TPCSDKProvisionDelegate) -> Void
    ) async throws -> Outcome {
        let wait = BoundedWait<Bool>("the provision delegate's onProvisionCompletion")
        pending = wait
        outcome = nil
        start(self)
        _ = try await wait.value()
        return outcome ?? (nil, nil)
    }

    package func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
        completions += 1
        if pending != nil { outcome = (pass, error) }
        pending?.resume(returning: true)
        pending = nil
    }
}
