import Foundation
import ProvisioningAPI

/// What Wallet does around an issuer's request for one device, from the add
/// sheet (``AddPaymentPassFlow``) or an issuer's extension: get Apple's nonce
/// and certificate chain, sign the nonce with the device key, and submit the
/// issuer's request to Apple's side, storing the new pass.
struct DeviceProvisioning: Sendable {
    struct Challenge: Sendable {
        var nonce: Data
        var nonceSignature: Data
        var certificateChain: [Data]
    }

    let wallet: SimulatedWallet
    let device: SimulatedDevice

    /// Apple's nonce and chain for the device, and the device's signature of
    /// the nonce; `nil` when the sandbox cannot give them, recorded in `log`.
    func challenge(log: DiagnosticLog) async -> Challenge? {
        do {
            let nonce = try await wallet.client.issueNonce(deviceId: device.id)
            let chain = try await wallet.client.certificates()
            let signature = try wallet.signNonce(nonce.nonce, deviceId: device.id)
            return Challenge(nonce: nonce.nonce, nonceSignature: signature, certificateChain: chain.certificateChain)
        } catch {
            log.record(.sandboxFailure, "preparing the request failed: \(error)")
            return nil
        }
    }

    /// Submits `request`; the pass's record, or the `NSError` Wallet shows.
    func submit(
        _ request: IssuerPassRequest, challenge: Challenge, configuration: RequestConfigurationValues,
        log: DiagnosticLog
    ) async -> Result<SandboxPass, NSError> {
        guard let passData = request.encryptedPassData, !passData.isEmpty,
            let activationData = request.activationData, !activationData.isEmpty,
            let ephemeralPublicKey = request.ephemeralPublicKey, !ephemeralPublicKey.isEmpty
        else {
            log.record(.incompleteRequest, "the request lacks pass data, activation data or its key")
            return .failure(PKAddPaymentPassError.systemCancelled.error(reason: "the issuer's request is incomplete"))
        }
        let submission = SandboxPassRequest(
            encryptedPassData: passData, activationData: activationData, ephemeralPublicKey: ephemeralPublicKey,
            wrappedKey: request.wrappedKey, nonce: challenge.nonce, encryptionScheme: .eccV2,
            primaryAccountIdentifier: configuration.primaryAccountIdentifier,
            primaryAccountSuffix: configuration.primaryAccountSuffix, cardholderName: configuration.cardholderName,
            paymentNetwork: configuration.paymentNetwork.map(Self.schemeName(of:)),
            localizedDescription: configuration.localizedDescription)
        do {
            let pass = try await wallet.client.addPass(submission, deviceId: device.id)
            try wallet.store.upsert(pass, deviceId: device.id)
            wallet.passesDidChange()
            return .success(pass)
        } catch let error as PassKitEmulationError where error.problemType == "declined" {
            log.record(.declined, "the card network declined the card")
            return .failure(PKAddPaymentPassError.systemCancelled.error(reason: "the card network declined the card"))
        } catch {
            log.record(.sandboxFailure, "adding the pass failed: \(error)")
            return .failure(
                PKAddPaymentPassError.systemCancelled.error(reason: "Apple's side could not add the card"))
        }
    }

    /// The wire name of a PassKit network, for the networks the sandbox knows.
    static func schemeName(of network: PKPaymentNetwork) -> CardSchemeName {
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
