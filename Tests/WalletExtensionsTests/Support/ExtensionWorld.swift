import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning
import TestSupport
import WalletExtensions

/// The bank's backend as the extension sees it: provisioning data per card id.
struct BankServer: Sendable {
    let backend: IssuerBackend
    let cards: [String: TestCard]

    func provisioningData(cardId: String) throws -> TPCIssuerProvisioningExtensionHandler.ProvisioningData {
        guard let card = cards[cardId] else { throw WalletExtensionsError(.unknownCard, "the bank has no \(cardId)") }
        return .init(
            encryptedPayload: try backend.encryptedPayload(for: card),
            authorizationCode: try backend.code(scope: "provision", cardRef: card.reference, panLastFour: card.last4))
    }
}

/// A sign-in screen of the bank's UI extension: the user's taps are methods.
final class BankSignInViewController: UIViewController,
    @preconcurrency PKIssuerProvisioningExtensionAuthorizationProviding
{
    var completionHandler: ((PKIssuerProvisioningExtensionAuthorizationResult) -> Void)?
    let store: SharedCardStore
    let lifetime: TimeInterval

    init(store: SharedCardStore, lifetime: TimeInterval = SignInAuthorization.defaultLifetime) {
        self.store = store
        self.lifetime = lifetime
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    func userSignedIn() { completeSignIn(.authorized, store: store, lifetime: lifetime) }
    func userCancelled() { completeSignIn(.canceled, store: store) }
}

/// One world for the Wallet extension flows: `tpc serve --sandbox`, a
/// simulated iPhone + Watch, the SDK configured, a file-backed App Group
/// store holding two approved cards (Visa and Mastercard).
@MainActor
final class ExtensionWorld {
    let harness: EndToEndHarness
    let store: SharedCardStore
    let bank: BankServer
    let cards: [StoredCard]

    /// The end-to-end tests run on a loaded CI machine; Wallet's 100 ms for
    /// `status` is checked by the bad-handler tests and measured by
    /// `make bench`, so the flows use a status limit that scheduling noise
    /// cannot reach.
    static let relaxedLimits = SimulatedWalletApp.Limits(
        status: .seconds(15), entries: .seconds(30), request: .seconds(30), authorization: .seconds(15))

    /// - Parameter appGroup: when given, the store is that App Group's
    ///   (``SharedCardStore/appGroup(_:)``), as an extension made from its
    ///   `Info.plist` opens it; a private directory otherwise.
    static func run(
        schemes: [(CardSchemeName, SandboxCardOutcome)] = [(.visa, .approve), (.mastercard, .approve)],
        seedNaming: Bool = false, appGroup: String? = nil, _ body: @MainActor (ExtensionWorld) async throws -> Void
    ) async throws {
        try await EndToEndHarness.run { harness in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("wallet-ext-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let store: SharedCardStore
            if let appGroup {
                store = try SharedCardStore.appGroup(appGroup)
            } else {
                store = SharedCardStore(backend: try FileCardStoreBackend(directory: directory))
            }
            var testCards: [String: TestCard] = [:]
            var stored: [StoredCard] = []
            for (index, (scheme, outcome)) in schemes.enumerated() {
                // Seed 000 names its cards cardID1, cardID2 and derives name and title from the id.
                let id = seedNaming ? "cardID\(index + 1)" : "card-\(index + 1)"
                let card = try await IssuerBackend.testCard(
                    outcome, scheme: scheme, sandbox: harness.sandbox.baseURL, reference: "ref-\(id)")
                testCards[id] = card
                let storedCard = StoredCard(
                    id: id, lastFour: card.last4,
                    cardholderName: seedNaming ? "\(id)_cardHolderName" : card.cardholderName,
                    scheme: scheme == .visa ? .Visa : .Mastercard,
                    productTitle: seedNaming ? "\(id)_productTitle" : "Product \(index + 1)")
                try store.save(storedCard, art: PNGWriter.image())
                stored.append(storedCard)
            }
            let world = ExtensionWorld(
                harness: harness, store: store, bank: BankServer(backend: harness.backend, cards: testCards),
                cards: stored)
            try await body(world)
        }
    }

    private init(harness: EndToEndHarness, store: SharedCardStore, bank: BankServer, cards: [StoredCard]) {
        self.harness = harness
        self.store = store
        self.bank = bank
        self.cards = cards
    }

    var wallet: SimulatedWallet { harness.wallet }

    /// The Wallet app hosting the extension `issuerExtension` (made by
    /// Wallet with `init()`) and the bank's sign-in screen.
    func app(
        _ issuerExtension: SimulatedAppExtension, limits: SimulatedWalletApp.Limits = relaxedLimits
    ) -> SimulatedWalletApp {
        let store = store
        return SimulatedWalletApp(
            wallet: wallet, issuerExtension: issuerExtension,
            authorizationExtension: { BankSignInViewController(store: store) }, limits: limits)
    }

    /// The Wallet app hosting `handler` and the bank's sign-in screen.
    func app(
        _ handler: PKIssuerProvisioningExtensionHandler, limits: SimulatedWalletApp.Limits = relaxedLimits,
        signInLifetime: TimeInterval = SignInAuthorization.defaultLifetime
    ) -> SimulatedWalletApp {
        let store = store
        return SimulatedWalletApp(
            wallet: wallet, issuerExtension: handler,
            authorizationExtension: { BankSignInViewController(store: store, lifetime: signInLifetime) },
            limits: limits)
    }

    /// The user signs in on the sign-in screen.
    static let signsIn: SimulatedWalletApp.SignInScript = { ($0 as? BankSignInViewController)?.userSignedIn() }
}
