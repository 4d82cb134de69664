import Foundation
import PassKitEmulation
import ProvisioningAPI
import Synchronization
import TestSupport

/// The issuer app's sheet delegate in the tests: on Wallet's request it calls
/// the service with the card's payload and code, then answers the handler the
/// way ``Behaviour`` says — including the ways issuers get it wrong.
final class IssuerDelegate: NSObject, PKAddPaymentPassViewControllerDelegate, @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Call the handler once with the service's answer.
        case answer
        /// Call the handler twice with the service's answer.
        case answerTwice
        /// Call the handler only after the sheet has ended.
        case answerAfterSheetEnds
        /// Never call the handler.
        case neverAnswer
        /// Answer an empty request.
        case answerEmpty
    }

    struct Finish: @unchecked Sendable {
        let pass: PKPaymentPass?
        let error: NSError?
    }

    private struct State {
        var generateCalls = 0
        var response: ApplePayProvisioningResponse?
        var failure: String?
    }

    let issuer: IssuerBackend
    let card: SandboxTestCard
    let behaviour: Behaviour
    let scheme: CardSchemeName
    private let state = Mutex(State())
    private let finish = BoundedWait<Finish>("the sheet's didFinishAdding")

    init(issuer: IssuerBackend, card: SandboxTestCard, behaviour: Behaviour = .answer) {
        self.issuer = issuer
        self.card = card
        self.behaviour = behaviour
        self.scheme = card.scheme
    }

    /// How often Wallet asked for the request.
    var generateCalls: Int { state.withLock { $0.generateCalls } }
    /// The service's answer, once received.
    var response: ApplePayProvisioningResponse? { state.withLock { $0.response } }
    /// Why the service call failed, if it did.
    var failure: String? { state.withLock { $0.failure } }

    /// Waits (bounded) for `didFinishAdding`.
    func finished() async throws -> Finish {
        try await finish.value()
    }

    func addPaymentPassViewController(
        _ controller: PKAddPaymentPassViewController, generateRequestWithCertificateChain certificates: [Data],
        nonce: Data, nonceSignature: Data,
        completionHandler handler: @escaping @Sendable (PKAddPaymentPassRequest) -> Void
    ) {
        state.withLock { $0.generateCalls += 1 }
        let behaviour = behaviour
        if case .neverAnswer = behaviour { return }
        if case .answerEmpty = behaviour {
            handler(PKAddPaymentPassRequest())
            return
        }
        Task {
            let request = PKAddPaymentPassRequest()
            do {
                let cardRef = "card-\(UUID().uuidString.prefix(8))"
                let response = try await issuer.provision(
                    ApplePayProvisioningRequest(
                        scheme: scheme,
                        encryptedPayload: try issuer.payload(for: card, name: "Ada Lovelace", cardRef: cardRef),
                        authorizationCode: try issuer.code(scope: "provision", cardRef: cardRef),
                        certificateChain: certificates, nonce: nonce, nonceSignature: nonceSignature))
                state.withLock { $0.response = response }
                request.encryptedPassData = response.encryptedPassData
                request.activationData = response.activationData
                request.ephemeralPublicKey = response.ephemeralPublicKey
            } catch {
                state.withLock { $0.failure = "\(error)" }
            }
            switch behaviour {
            case .answer, .answerEmpty, .neverAnswer:
                handler(request)
            case .answerTwice:
                handler(request)
                handler(request)
            case .answerAfterSheetEnds:
                await self.sheetEnded.wait()
                handler(request)
            }
        }
    }

    func addPaymentPassViewController(
        _ controller: PKAddPaymentPassViewController, didFinishAdding pass: PKPaymentPass?, error: (any Error)?
    ) {
        // Wallet calls on the main thread; the protocol, like Apple's, does
        // not say so to the compiler.
        MainActor.assumeIsolated { controller.dismiss(animated: true) }
        finish.resume(returning: Finish(pass: pass, error: error.map { $0 as NSError }))
        sheetEnded.open()
    }

    /// Opens once the sheet has ended.
    let sheetEnded = Gate()
}

/// The issuer app's screen that presents the sheet.
final class HostViewController: UIViewController {}

/// Presents an add sheet for `card`'s configuration (made on the main actor,
/// as an app makes it: PassKit's configurations are not `Sendable`) from a
/// host screen, as the SDK's `provision(fromController:…)` does, and waits for
/// its end; `nil` when the sheet cannot be made.
@MainActor
func presentSheet(
    for card: SandboxTestCard, primaryAccountIdentifier: String? = nil, delegate: IssuerDelegate
) async throws -> IssuerDelegate.Finish? {
    guard let configuration = configuration(for: card, primaryAccountIdentifier: primaryAccountIdentifier),
        let sheet = PKAddPaymentPassViewController(requestConfiguration: configuration, delegate: delegate)
    else {
        return nil
    }
    let host = HostViewController()
    host.present(sheet, animated: true)
    return try await delegate.finished()
}

/// A configuration as the SDK builds it.
func configuration(
    for card: SandboxTestCard, primaryAccountIdentifier: String? = nil
) -> PKAddPaymentPassRequestConfiguration? {
    let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2)
    configuration?.cardholderName = "Ada Lovelace"
    configuration?.primaryAccountSuffix = String(card.pan.suffix(4))
    configuration?.paymentNetwork = card.scheme == .mastercard ? .masterCard : .visa
    configuration?.primaryAccountIdentifier = primaryAccountIdentifier
    return configuration
}
