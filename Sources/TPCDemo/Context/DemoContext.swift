import DigitalCards
import Foundation
import PassKitEmulation
import PushProvisioning
import WalletExtensions

/// What the demo's steps share: the service, the bank, the simulated iPhone
/// and Watch, the app screen, and what earlier steps left for later ones.
///
/// Steps that set the world up fill ``service``, ``bank`` and ``wallet``;
/// later steps read them with the `require…` accessors, which fail the step
/// with `missing-prerequisite` when an earlier step did not get that far.
@MainActor
package final class DemoContext {
    /// The options the demo runs with.
    package let options: DemoOptions
    /// The terminal.
    package let output: DemoOutput
    /// The logging proxy of `--verbose`, when running.
    package var wireTap: WireTap?
    /// A short random tag, so card references of repeated runs against one
    /// service do not meet.
    package let runId: String
    /// The service, once started or found.
    package var service: ServiceEndpoint?
    /// The bank's backend, once the sandbox files are read.
    package var bank: DemoBank?
    /// The simulated iPhone (and paired Watch), once registered.
    package var wallet: SimulatedWallet?
    /// The `tpc serve --sandbox` child, when the demo started one.
    package var sandboxProcess: SandboxProcess?
    /// Values a step leaves for later steps, by name (for example the token
    /// id of the card activated from the deep link).
    package var values: [String: String] = [:]
    /// Cards the steps provisioned, by role (`"approve"`, `"activation"`…).
    package var cards: [String: DemoCard] = [:]
    /// Tokens the steps expect the back office to list, by id, with the state
    /// they should be in.
    package var expectedTokens: [String: String] = [:]
    /// The bank's ready-made issuer extension, with the App Group store the
    /// bank app fills (flow B).
    package var issuerExtension: TPCIssuerProvisioningExtensionHandler?
    /// Wallet hosting the bank's issuer extension and sign-in screen (flow B).
    package var walletApp: SimulatedWalletApp?
    /// The issuer wallet on the simulated iPhone, once registered (flow D).
    package var issuerWallet: DigitalCardManager?
    /// The issuer wallet's enrolled digital cards, by role (flow D).
    package var digitalCards: [String: DigitalCard] = [:]

    let screen = DemoAppScreen()

    package init(options: DemoOptions, output: DemoOutput = DemoOutput()) {
        self.options = options
        self.output = output
        runId = String(UUID().uuidString.lowercased().prefix(8))
    }

    /// The service, or a `missing-prerequisite` failure.
    package func requireService() throws -> ServiceEndpoint {
        try required(service, "no service (the first step failed)")
    }

    /// The bank, or a `missing-prerequisite` failure.
    package func requireBank() throws -> DemoBank {
        try required(bank, "no issuer files (the first step failed)")
    }

    /// The simulated wallet, or a `missing-prerequisite` failure.
    package func requireWallet() throws -> SimulatedWallet {
        try required(wallet, "no simulated devices (a setup step failed)")
    }

    /// The issuer wallet, or a `missing-prerequisite` failure.
    package func requireIssuerWallet() throws -> DigitalCardManager {
        try required(issuerWallet, "no issuer wallet (its registration failed)")
    }

    /// The digital card an earlier step enrolled under `role`.
    package func requireDigitalCard(_ role: String) throws -> DigitalCard {
        try required(digitalCards[role], "no \(role) digital card (an earlier step failed)")
    }

    /// The card an earlier step stored under `role`.
    package func requireCard(_ role: String) throws -> DemoCard {
        try required(cards[role], "no \(role) card (an earlier step failed)")
    }

    /// A value an earlier step stored under `name`.
    package func requireValue(_ name: String) throws -> String {
        try required(values[name], "no \(name) (an earlier step failed)")
    }

    /// `value`, or a `missing-prerequisite` failure saying what is missing and
    /// which step should have made it.
    private func required<Value>(_ value: Value?, _ missing: String) throws(DemoError) -> Value {
        guard let value else { throw DemoError(.missingPrerequisite, missing) }
        return value
    }

    /// A card reference unique to this run: `demo-<run>-<role>`.
    package func cardReference(_ role: String) -> String {
        "demo-\(runId)-\(role)"
    }

    /// Presents the add sheet for `card` the way an issuer app does, with the
    /// bank's payload and a fresh `provision` code, and waits for the outcome.
    ///
    /// - Parameter primaryAccountIdentifier: the pass's identifier when adding
    ///   to the second device, so Wallet offers only the device that lacks it.
    package func provision(
        _ card: DemoCard, primaryAccountIdentifier: String? = nil
    ) async throws -> (pass: PKPaymentPass?, error: (any Error)?) {
        let bank = try requireBank()
        let payload = try bank.encryptedPayload(for: card)
        let code = try bank.code("provision", card: card)
        let screen = self.screen
        return await screen.provision { delegate in
            TPCSDK.provision(
                fromController: screen, primaryAccountSuffix: card.last4, cardholderName: card.cardholderName,
                schemeString: card.scheme.rawValue, encryptedPayload: payload, authorizationCode: code,
                productId: nil, primaryAccountIdentifier: primaryAccountIdentifier, provisionDelegate: delegate)
        }
    }

    /// Retries `body` while it fails with a 404 from the service: the network
    /// tells the service about a new token asynchronously.
    package func eventually<T>(
        attempts: Int = 50, _ body: () async throws -> T
    ) async throws -> T {
        var lastError: (any Error)?
        for _ in 0..<attempts {
            do {
                return try await body()
            } catch let error as TPCError where error.httpStatus == 404 {
                lastError = error
            } catch let error as DemoError where error.code == .verificationFailed {
                lastError = error
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw lastError ?? DemoError(.verificationFailed, "gave up waiting")
    }
}
