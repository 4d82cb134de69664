import Foundation

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

// Apple has the issuer provisioning extensions on iOS, iPadOS, Mac Catalyst
// and visionOS only (Package.swift, clientPlatformFeatures).
#if ADD_PAYMENT_PASS_AVAILABLE
extension PKIssuerProvisioningExtensionAuthorizationProviding {
    /// Ends the sign-in extension: on `.authorized` records the sign-in in
    /// `store` (valid `lifetime` seconds, 5 minutes by default) so the non-UI
    /// extension sees it, then calls ``completionHandler`` once.
    ///
    /// A sign-in that cannot be recorded ends as `.canceled`: the non-UI
    /// extension would not see it and would refuse the user's cards.
    ///
    /// ```swift
    /// func signInSucceeded() {
    ///     completeSignIn(.authorized, store: store)
    /// }
    /// ```
    public func completeSignIn(
        _ result: PKIssuerProvisioningExtensionAuthorizationResult, store: SharedCardStore,
        lifetime: TimeInterval = SignInAuthorization.defaultLifetime
    ) {
        var outcome = result
        if result == .authorized {
            do {
                try store.recordSignIn(lifetime: lifetime)
            } catch {
                outcome = .canceled
            }
        }
        let handler = completionHandler
        completionHandler = nil
        handler?(outcome)
    }
}
#endif
