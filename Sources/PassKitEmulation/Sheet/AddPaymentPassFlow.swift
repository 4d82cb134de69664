import Foundation
import ProvisioningAPI

/// What Wallet does between presenting the add sheet and `didFinishAdding`,
/// against the sandbox (see ``PKAddPaymentPassViewController``).
@MainActor
struct AddPaymentPassFlow {
    struct Outcome {
        var pass: PKPaymentPass?
        var error: NSError?

        static func failure(_ code: PKAddPaymentPassError, _ reason: String) -> Outcome {
            Outcome(pass: nil, error: code.error(reason: reason))
        }
    }

    let controller: PKAddPaymentPassViewController

    func run() async -> Outcome {
        let wallet = controller.wallet
        let log = DiagnosticLog(wallet: wallet)
        let configuration = controller.configuration
        let availability = wallet.devicesThatCanAdd(configuration.primaryAccountIdentifier)
        let choice = wallet.nextUserChoice() ?? (availability.iPhone ? .addToPhone : .addToWatch)
        let device: SimulatedDevice
        switch choice {
        case .cancel:
            return .failure(.userCancelled, "the user cancelled")
        case .addToPhone where availability.iPhone:
            device = wallet.iPhone
        case .addToWatch where availability.watch:
            guard let watch = wallet.watch else { fallthrough }
            device = watch
        default:
            log.record(.choiceNotOffered, "the scripted device cannot take this card")
            return .failure(.unsupported, "the chosen device cannot take this card")
        }
        guard configuration.encryptionScheme == .ECC_V2, !configuration.requiresFelicaSecureElement else {
            return .failure(.unsupported, "the simulated devices take ECC_V2 cards without FeliCa only")
        }

        let provisioning = DeviceProvisioning(wallet: wallet, device: device)
        guard let challenge = await provisioning.challenge(log: log) else {
            return .failure(.systemCancelled, "Apple's side could not be reached")
        }

        guard let delegate = controller.delegate else {
            return .failure(.systemCancelled, "the sheet has no delegate")
        }
        // Apple's 20 s count from the delegate call; exactly one answer gets through.
        let gate = ExtensionCallGate<IssuerPassRequest>(
            call: "generateRequestWithCertificateChain", limit: wallet.sheetTimeout,
            timeoutConsequence: "the sheet ends with an error", log: log)
        delegate.addPaymentPassViewController(
            controller, generateRequestWithCertificateChain: challenge.certificateChain, nonce: challenge.nonce,
            nonceSignature: challenge.nonceSignature,
            completionHandler: { request in gate.deliver(IssuerPassRequest(request)) })
        guard let request = await gate.wait() else {
            return .failure(.systemCancelled, "the issuer did not answer within the time limit")
        }
        let values = RequestConfigurationValues(configuration)
        switch await provisioning.submit(request, challenge: challenge, configuration: values, log: log) {
        case .success(let pass):
            return Outcome(pass: PKPaymentPass(record: pass, isRemotePass: device.kind == .watch), error: nil)
        case .failure(let error):
            return Outcome(pass: nil, error: error)
        }
    }
}
