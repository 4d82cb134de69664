import Foundation
import PassKitEmulation
import PushProvisioning

/// The issuer app's screen: presents the sheet and hears the outcome.
@MainActor
public final class ProvisioningProbe: UIViewController, TPCSDKProvisionDelegate {
    private var continuation: CheckedContinuation<(pass: PKPaymentPass?, error: (any Error)?), Never>?
    public private(set) var completions = 0

    public func provision(
        _ start: @MainActor (TPCSDKProvisionDelegate) -> Void
    ) async -> (pass: PKPaymentPass?, error: (any Error)?) {
        await withCheckedContinuation { continuation in
            self.continuation = continuation
            start(self)
        }
    }

    public func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
        completions += 1
        continuation?.resume(returning: (pass, error))
        continuation = nil
    }
}
