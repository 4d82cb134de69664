import Foundation
import PassKitEmulation
import PushProvisioning

/// The issuer app's screen: presents the sheet and hears the outcome.
@MainActor
public final class ProvisioningProbe: UIViewController, TPCSDKProvisionDelegate {
    public typealias Outcome = (pass: PKPaymentPass?, error: (any Error)?)

    private var pending: BoundedWait<Outcome>?
    public private(set) var completions = 0

    /// Runs `start` (which calls `TPCSDK.provision` with this delegate) and
    /// waits for `onProvisionCompletion`.
    ///
    /// - Throws: ``TestSupportError`` `timeout` when the SDK never calls the
    ///   delegate: Wallet's own limit is 20 s, so 120 s means the SDK lost the call.
    public func provision(
        _ start: @MainActor (TPCSDKProvisionDelegate) -> Void
    ) async throws -> Outcome {
        let wait = BoundedWait<Outcome>("the provision delegate's onProvisionCompletion")
        pending = wait
        start(self)
        return try await wait.value()
    }

    public func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
        completions += 1
        pending?.resume(returning: (pass, error))
        pending = nil
    }
}
