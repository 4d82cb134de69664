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
            wallet.record(.init(.choiceNotOffered, "the scripted device cannot take this card"))
            return .failure(.unsupported, "the chosen device cannot take this card")
        }
        guard configuration.encryptionScheme == .ECC_V2, !configuration.requiresFelicaSecureElement else {
            return .failure(.unsupported, "the simulated devices take ECC_V2 cards without FeliCa only")
        }

        let nonce: SandboxNonce
        let chain: SandboxCertificateChain
        let signature: Data
        do {
            nonce = try await wallet.client.issueNonce(deviceId: device.id)
            chain = try await wallet.client.certificates()
            signature = try wallet.signNonce(nonce.nonce, deviceId: device.id)
        } catch {
            wallet.record(.init(.sandboxFailure, "preparing the request failed: \(error)"))
            return .failure(.systemCancelled, "Apple's side could not be reached")
        }

        guard let delegate = controller.delegate else {
            return .failure(.systemCancelled, "the sheet has no delegate")
        }
        // Apple's 20 s count from the delegate call; exactly one answer gets through.
        let gate = ExtensionCallGate<IssuerPassRequest>(
            call: "generateRequestWithCertificateChain", limit: wallet.sheetTimeout,
            timeoutConsequence: "the sheet ends with an error", log: DiagnosticLog(wallet: wallet))
        delegate.addPaymentPassViewController(
            controller, generateRequestWithCertificateChain: chain.certificateChain, nonce: nonce.nonce,
            nonceSignature: signature, completionHandler: { request in gate.deliver(IssuerPassRequest(request)) })
        guard let request = await gate.wait() else {
            return .failure(.systemCancelled, "the issuer did not answer within the time limit")
        }
        guard let passData = request.encryptedPassData, !passData.isEmpty,
            let activationData = request.activationData, !activationData.isEmpty,
            let ephemeralPublicKey = request.ephemeralPublicKey, !ephemeralPublicKey.isEmpty
        else {
            wallet.record(.init(.incompleteRequest, "the request lacks pass data, activation data or its key"))
            return .failure(.systemCancelled, "the issuer's request is incomplete")
        }

        let submission = SandboxPassRequest(
            encryptedPassData: passData, activationData: activationData, ephemeralPublicKey: ephemeralPublicKey,
            wrappedKey: request.wrappedKey, nonce: nonce.nonce, encryptionScheme: .eccV2,
            primaryAccountIdentifier: configuration.primaryAccountIdentifier,
            primaryAccountSuffix: configuration.primaryAccountSuffix, cardholderName: configuration.cardholderName,
            paymentNetwork: configuration.paymentNetwork.map(Self.schemeName(of:)),
            localizedDescription: configuration.localizedDescription)
        do {
            let pass = try await wallet.client.addPass(submission, deviceId: device.id)
            try wallet.store.upsert(pass, deviceId: device.id)
            wallet.passesDidChange()
            return Outcome(pass: PKPaymentPass(record: pass, isRemotePass: device.kind == .watch), error: nil)
        } catch let error as PassKitEmulationError where error.problemType == "declined" {
            wallet.record(.init(.declined, "the card network declined the card"))
            return .failure(.systemCancelled, "the card network declined the card")
        } catch {
            wallet.record(.init(.sandboxFailure, "adding the pass failed: \(error)"))
            return .failure(.systemCancelled, "Apple's side could not add the card")
        }
    }

    /// The wire name of a PassKit network, for the networks the sandbox knows.
    nonisolated static func schemeName(of network: PKPaymentNetwork) -> CardSchemeName {
        switch network {
        case .visa, .electron, .vPay: .visa
        case .masterCard, .maestro: .mastercard
        case .amex: .amex
        case .discover: .discover
        case .pagoBancomat, .bancomat: .pagoBancomat
        default: CardSchemeName(network.rawValue)
        }
    }
}
