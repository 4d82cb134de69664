import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning

/// One end-to-end world: a `tpc serve --sandbox` process, the bank's backend,
/// a simulated iPhone with a paired Watch installed as "the" Wallet, and the
/// SDK configured against the sandbox.
@MainActor
package final class EndToEndHarness {
    package let sandbox: SandboxServer
    package let backend: IssuerBackend
    package let wallet: SimulatedWallet
    package let app = ProvisioningProbe()
    private let walletDirectory: URL

    package static let watchName = "Anna's Apple Watch"
    package static let iPhoneName = "Anna's iPhone"

    /// Runs `body` in a fresh world, holding the global test lock.
    package static func run(_ body: @MainActor (EndToEndHarness) async throws -> Void) async throws {
        try await GlobalTestLock.run {
            let harness = try await EndToEndHarness()
            do {
                try await body(harness)
            } catch {
                await harness.tearDown()
                throw error
            }
            await harness.tearDown()
        }
    }

    private init() async throws {
        sandbox = try await SandboxServer.start()
        do {
            backend = try IssuerBackend(sandbox: sandbox)
            walletDirectory = sandbox.workDirectory.appendingPathComponent("wallet")
            wallet = try await SimulatedWallet.create(
                in: walletDirectory, sandboxURL: sandbox.baseURL, iPhoneName: Self.iPhoneName,
                watchName: Self.watchName)
        } catch {
            await sandbox.stop()
            throw error
        }
        SimulatedWallet.install(wallet)
        TPCSDK.reset()
        try TPCSDK.configure(url: sandbox.baseURL.absoluteString, issuerId: backend.issuerId)
    }

    private func tearDown() async {
        SimulatedWallet.install(nil)
        TPCSDK.reset()
        await sandbox.stop()
    }

    package func card(_ outcome: SandboxCardOutcome, reference: String) async throws -> TestCard {
        try await IssuerBackend.testCard(outcome, sandbox: sandbox.baseURL, reference: reference)
    }

    /// Presents the add sheet for `card` the way the seed's `provision()` does
    /// and waits for the delegate.
    package func provision(
        _ card: TestCard, primaryAccountIdentifier: String? = nil
    ) async throws -> (pass: PKPaymentPass?, error: (any Error)?) {
        let payload = try backend.encryptedPayload(for: card)
        let code = try backend.code(scope: "provision", cardRef: card.reference, panLastFour: card.last4)
        return try await app.provision { delegate in
            if let primaryAccountIdentifier {
                TPCSDK.provision(
                    fromController: self.app, primaryAccountSuffix: card.last4, cardholderName: card.cardholderName,
                    schemeString: card.scheme.rawValue, encryptedPayload: payload, authorizationCode: code,
                    productId: nil, primaryAccountIdentifier: primaryAccountIdentifier, provisionDelegate: delegate)
            } else {
                TPCSDK.provision(
                    fromController: self.app, primaryAccountSuffix: card.last4, cardholderName: card.cardholderName,
                    scheme: .Visa, encryptedPayload: payload, authorizationCode: code, provisionDelegate: delegate)
            }
        }
    }

    /// Retries `body` while the service does not know the token yet: the
    /// network's notification of a new token reaches it asynchronously.
    /// Bounded by `timeout` (generous: a loaded machine delivers late); the
    /// last 404 is thrown then.
    package func eventually<T>(timeout: Duration = .seconds(60), _ body: () async throws -> T) async throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            do {
                return try await body()
            } catch let error as TPCError where error.httpStatus == 404 {
                guard clock.now < deadline else { throw error }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
