import Foundation
import ProvisioningAPI

// Apple has the add-payment-pass sheet on iOS, iPadOS, Mac Catalyst and
// visionOS only (Package.swift, clientPlatformFeatures), each with UIKit; on
// Linux the emulation has the sheet and its view controllers.
#if ADD_PAYMENT_PASS_AVAILABLE
#if canImport(PassKit)
import PassKit
import UIKit
#else
import PassKitEmulation
#endif

/// One run of the add-payment-pass sheet for ``TPCSDK``'s `provision` calls:
/// builds the request configuration, presents Apple's sheet, answers its
/// request for card data through the service, and reports the end.
///
/// Apple's handler is completed exactly once and before
/// ``TPCSettings/provisioningDeadline``: with the service's data, or with an
/// empty request when the service failed or was too slow, which makes Wallet
/// end the sheet with an error. In that case the delegate hears the SDK's
/// ``TPCError`` (it says why, with the request id) rather than Wallet's
/// generic cancellation.
@MainActor
final class ProvisioningSession: NSObject {
    /// Sessions whose sheet is up; a session keeps itself alive until the
    /// sheet ends, as the caller keeps no reference to it.
    private static var active: Set<ProvisioningSession> = []

    private let client: TPCClient
    private let input: ProvisioningInput
    private let deadline: TimeInterval
    private weak var delegate: (any TPCSDKProvisionDelegate)?
    private var handlerCalled = false
    private var failure: TPCError?
    private var activationData: Data?

    init(client: TPCClient, input: ProvisioningInput, deadline: TimeInterval, delegate: any TPCSDKProvisionDelegate) {
        self.client = client
        self.input = input
        self.deadline = deadline
        self.delegate = delegate
    }

    /// The sheet's configuration: ECC_V2, name, suffix, network, account
    /// identifier and product identifiers.
    static func configuration(
        primaryAccountSuffix: String, cardholderName: String, network: PKPaymentNetwork?, productId: String?,
        primaryAccountIdentifier: String?
    ) throws(TPCError) -> PKAddPaymentPassRequestConfiguration {
        let suffix = primaryAccountSuffix.trimmingCharacters(in: .whitespaces)
        let name = cardholderName.trimmingCharacters(in: .whitespaces)
        guard !suffix.isEmpty || !name.isEmpty else {
            throw TPCError(.invalidArgument, "a cardholder name or an account suffix is required")
        }
        guard suffix.isEmpty || (suffix.count <= 4 && suffix.allSatisfy { $0.isASCII && $0.isNumber }) else {
            throw TPCError(.invalidArgument, "the account suffix must be at most four digits")
        }
        guard let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2) else {
            throw TPCError(.notSupported, "this device does not support ECC_V2 pass encryption")
        }
        configuration.cardholderName = name.isEmpty ? nil : name
        configuration.primaryAccountSuffix = suffix.isEmpty ? nil : suffix
        configuration.paymentNetwork = network
        if let primaryAccountIdentifier, !primaryAccountIdentifier.isEmpty {
            configuration.primaryAccountIdentifier = primaryAccountIdentifier
        }
        if let productId, !productId.isEmpty {
            configuration.productIdentifiers = [productId]
        }
        return configuration
    }

    /// Presents the sheet from `controller`, or reports why it cannot.
    func start(from controller: UIViewController, configuration: PKAddPaymentPassRequestConfiguration) {
        do {
            try input.validate()
        } catch {
            report(pass: nil, error: error)
            return
        }
        guard PKAddPaymentPassViewController.canAddPaymentPass() else {
            report(pass: nil, error: TPCError(.notSupported, "this app cannot add payment passes on this device"))
            return
        }
        guard let sheet = PKAddPaymentPassViewController(requestConfiguration: configuration, delegate: self) else {
            report(
                pass: nil,
                error: TPCError(.notSupported, "Wallet cannot add this card here (already on every device?)"))
            return
        }
        Self.active.insert(self)
        controller.present(sheet, animated: true)
    }

    private func answer(_ handler: @escaping (PKAddPaymentPassRequest) -> Void, with request: PKAddPaymentPassRequest) {
        guard !handlerCalled else { return }
        handlerCalled = true
        handler(request)
    }

    private func report(pass: PKPaymentPass?, error: (any Error)?) {
        delegate?.onProvisionCompletion(pass: pass, error: error)
        Self.active.remove(self)
    }
}

extension ProvisioningSession: @preconcurrency PKAddPaymentPassViewControllerDelegate {
    func addPaymentPassViewController(
        _ controller: PKAddPaymentPassViewController, generateRequestWithCertificateChain certificates: [Data],
        nonce: Data, nonceSignature: Data,
        completionHandler handler: @escaping @Sendable (PKAddPaymentPassRequest) -> Void
    ) {
        let client = self.client
        let input = self.input
        Task { @MainActor in
            do {
                let request = try await TPCSDK.addPaymentPassRequest(
                    from: client, for: input, certificateChain: certificates, nonce: nonce,
                    nonceSignature: nonceSignature, deadline: deadline)
                activationData = request.activationData
                answer(handler, with: request)
            } catch {
                failure = (error as? TPCError) ?? TPCError(.internalInconsistency, "the request failed unexpectedly")
                // An empty request is how an issuer tells Wallet it has no
                // data: Wallet ends the sheet with an error instead of
                // waiting for its own timeout.
                answer(handler, with: PKAddPaymentPassRequest())
            }
        }
    }

    func addPaymentPassViewController(
        _ controller: PKAddPaymentPassViewController, didFinishAdding pass: PKPaymentPass?, error: (any Error)?
    ) {
        controller.presentingViewController?.dismiss(animated: true)
        if let pass {
            guard let activationData else {
                report(pass: pass, error: nil)
                return
            }
            // Filed before the delegate hears of the pass, so that an
            // activation started from the callback finds it.
            let store = client.activationData
            let token = pass.deviceAccountIdentifier
            Task { @MainActor in
                await store.store(activationData, forToken: token)
                report(pass: pass, error: nil)
            }
        } else if let failure {
            report(pass: nil, error: failure)
        } else {
            report(
                pass: nil,
                error: error ?? TPCError(.internalInconsistency, "Wallet ended without a pass and without an error"))
        }
    }
}
#endif
