import Foundation

/// The principal class of an issuer provisioning (non-UI) extension, as in
/// PassKit (iOS 14): Wallet asks it whether the issuer has cards to add, which
/// ones, and for each card the user picks, the encrypted request.
///
/// Subclass it and override the four methods, in their completion-handler or
/// their `async` form, as on iOS:
///
/// ```swift
/// class IntentHandler: PKIssuerProvisioningExtensionHandler {
///     override func status(completion: @escaping @Sendable (PKIssuerProvisioningExtensionStatus) -> Void) { … }
///     override func passEntries() async -> [PKIssuerProvisioningExtensionPassEntry] { … }
///     override func remotePassEntries() async -> [PKIssuerProvisioningExtensionPassEntry] { … }
///     override func generateAddPaymentPassRequestForPassEntryWithIdentifier(…) async -> PKAddPaymentPassRequest? { … }
/// }
/// ```
///
/// Each completion must be called exactly once: `status` within 100 ms, the
/// others within 20 s. ``SimulatedWalletApp`` hosts a handler the way Wallet
/// does and reports a completion that is late, missing or repeated.
///
/// The base class answers "nothing to add": a status with every flag `false`,
/// no entries and no request. Wallet calls the completion-handler forms on
/// threads of its own; the base class's completion-handler form runs the
/// `async` form, so overriding either works, as Objective-C's single method
/// makes it on iOS. Like Apple's class it is not `Sendable`.
open class PKIssuerProvisioningExtensionHandler: NSObject {
    /// Makes a handler; Wallet makes one per extension launch.
    public override init() {
        super.init()
    }

    /// Carries the handler into the task that runs an `async` form. Wallet's
    /// call crosses a process boundary on iOS; the handler object stays on
    /// the extension's side and is not shared with anything else.
    private struct Carried: @unchecked Sendable {
        let handler: PKIssuerProvisioningExtensionHandler
    }

    /// A completion-handler form: runs the `async` form `form` of this
    /// handler in a task of its own and hands its answer to `completion`.
    private func answer<Answer>(
        _ completion: @escaping @Sendable (Answer) -> Void,
        from form: @escaping @Sendable (PKIssuerProvisioningExtensionHandler) async -> Answer
    ) {
        let carried = Carried(handler: self)
        Task {
            completion(await form(carried.handler))
        }
    }

    /// Tells Wallet whether the issuer has cards for this iPhone or the Watch
    /// and whether the user must sign in first. Apple's limit: about 100 ms.
    open func status(completion: @escaping @Sendable (PKIssuerProvisioningExtensionStatus) -> Void) {
        answer(completion) { await $0.status() }
    }

    /// The `async` form of ``status(completion:)``.
    open func status() async -> PKIssuerProvisioningExtensionStatus {
        PKIssuerProvisioningExtensionStatus()
    }

    /// The cards that can be added to this iPhone. Apple's limit: 20 s.
    open func passEntries(completion: @escaping @Sendable ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        answer(completion) { await $0.passEntries() }
    }

    /// The `async` form of ``passEntries(completion:)``.
    open func passEntries() async -> [PKIssuerProvisioningExtensionPassEntry] {
        []
    }

    /// The cards that can be added to the paired Apple Watch. Apple's limit: 20 s.
    open func remotePassEntries(completion: @escaping @Sendable ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        answer(completion) { await $0.remotePassEntries() }
    }

    /// The `async` form of ``remotePassEntries(completion:)``.
    open func remotePassEntries() async -> [PKIssuerProvisioningExtensionPassEntry] {
        []
    }

    /// The encrypted request for the card the user picked, from Apple's
    /// certificates, nonce and the device's signature; `nil` when it cannot be
    /// made (Wallet shows an error). Apple's limit: 20 s.
    open func generateAddPaymentPassRequestForPassEntryWithIdentifier(
        _ identifier: String, configuration: PKAddPaymentPassRequestConfiguration,
        certificateChain certificates: [Data], nonce: Data, nonceSignature: Data,
        completionHandler completion: @escaping @Sendable (PKAddPaymentPassRequest?) -> Void
    ) {
        let arguments = RequestArguments(
            identifier: identifier, configuration: configuration, certificates: certificates, nonce: nonce,
            nonceSignature: nonceSignature)
        answer(completion) { handler in
            await handler.generateAddPaymentPassRequestForPassEntryWithIdentifier(
                arguments.identifier, configuration: arguments.configuration,
                certificateChain: arguments.certificates, nonce: arguments.nonce,
                nonceSignature: arguments.nonceSignature)
        }
    }

    /// The `async` form of
    /// ``generateAddPaymentPassRequestForPassEntryWithIdentifier(_:configuration:certificateChain:nonce:nonceSignature:completionHandler:)``.
    open func generateAddPaymentPassRequestForPassEntryWithIdentifier(
        _ identifier: String, configuration: PKAddPaymentPassRequestConfiguration,
        certificateChain certificates: [Data], nonce: Data, nonceSignature: Data
    ) async -> PKAddPaymentPassRequest? {
        nil
    }

    /// The request's arguments on their way to the `async` form; the
    /// configuration is Wallet's, made for this call only.
    private struct RequestArguments: @unchecked Sendable {
        let identifier: String
        let configuration: PKAddPaymentPassRequestConfiguration
        let certificates: [Data]
        let nonce: Data
        let nonceSignature: Data
    }
}
