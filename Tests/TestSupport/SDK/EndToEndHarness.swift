import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning

/// One end-to-end world: a `tpc serve --sandbox` process, the bank's backend,
/// a simulated iPhone with a paired Watch installed as "the" Wallet, and the
/// SDK configured against the sandbox.
@MainActor
public final class EndToEndHarness {
    public let sandbox: SandboxServer
    public let backend: IssuerBackend
    public let wallet: SimulatedWallet
    public let app = ProvisioningProbe()
    private let walletDirectory: URL

    public static let watchName = "Anna's Apple Watch"
    public static let iPhoneName = "Anna's iPhone"

    /// Runs `body` in a fresh world, holding the global test lock.
    public static func run(_ body: @MainActor (EndToEndHarness) async throws -> Void) async throws {
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

    public func card(_ outcome: SandboxCardOutcome, reference: String) async throws -> TestCard {
        try await IssuerBackend.testCard(outcome, sandbox: sandbox.baseURL, reference: reference)
    }

    /// Presents the add sheet for `card` the way the seed's `provision()` does
    /// and waits for the delegate.
    public func provision(
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
    public func eventually<T>(timeout: Duration = .seconds(60), _ body: () async throws -> T) async throws -> T {
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
