#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

// Apple has the add-payment-pass sheet on iOS, iPadOS, Mac Catalyst and
// visionOS only (Package.swift, clientPlatformFeatures).
#if ADD_PAYMENT_PASS_AVAILABLE
/// Hears how ``TPCSDK/provision(fromController:primaryAccountSuffix:cardholderName:scheme:encryptedPayload:authorizationCode:provisionDelegate:)``
/// ended.
///
/// Called once per provisioning, on the main actor, after the add sheet has
/// been dismissed: with the new pass, or with an error. Errors are either
/// Apple's (`NSError` in `PKPassKitErrorDomain` with a `PKAddPaymentPassError`
/// code: the user or the system cancelled, or the device cannot take the card)
/// or the SDK's own ``TPCError`` (with the service's request id), for example
/// when the service refused the authorization code or did not answer in time.
///
/// The protocol is main-actor isolated so that the seeds' pattern, a view
/// controller that adopts it, compiles in Swift 6.
@MainActor
public protocol TPCSDKProvisionDelegate: AnyObject {
    /// Provisioning ended with `pass` (success) or `error`.
    func onProvisionCompletion(pass: PKPaymentPass?, error: Error?)
}
#endif
