import Foundation
import PassKitEmulation
import PushProvisioning
import Synchronization
import TestSupport
import Testing
import WalletExtensions

// BEGIN BANK CODE — everything a bank writes for its non-UI extension.
final class BankIntentHandler: TPCIssuerProvisioningExtensionHandler {
    init(store: SharedCardStore, bank: BankServer) {
        super.init(store: store) { cardId in
            try bank.provisioningData(cardId: cardId)
        }
    }
}
// END BANK CODE

/// A bank handler whose backend fails, counting what reaches it.
final class FailingBankHandler: TPCIssuerProvisioningExtensionHandler {
    let failures = Mutex(0)

    init(store: SharedCardStore) {
        super.init(store: store) { _ in throw WalletExtensionsError(.storeFailure, "the bank's backend is down") }
    }

    override func requestDidFail(cardId: String, error: any Error) {
        failures.withLock { $0 += 1 }
    }
}

/// Flow B with the ready-made handler, hosted by the simulated Wallet app,
/// against a real `tpc serve --sandbox`.
@Suite("Ready-made handler in the simulated Wallet app", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct ReadyMadeHandlerTests {
    @Test("cards on neither device are offered for both; after adding to the iPhone only the Watch lists it")
    func entriesFollowTheDevices() async throws {
        try await ExtensionWorld.run { world in
            let app = world.app(BankIntentHandler(store: world.store, bank: world.bank))

            let status = try #require(await app.checkStatus())
            #expect(status.requiresAuthentication && status.passEntriesAvailable && status.remotePassEntriesAvailable)

            let look = await app.addCards(to: .watch, signIn: ExtensionWorld.signsIn, picking: .none)
            #expect(look.authorization == .authorized)
            #expect(look.entries.map(\.identifier) == ["card-1", "card-2"])

            let visit = await app.addCards(to: .iPhone, picking: .identifiers(["card-1"]))
            #expect(visit.authorization == nil, "a fresh sign-in is not asked again")
            #expect(visit.entries.map(\.identifier) == ["card-1", "card-2"])
            let entry = try #require(visit.entries.first)
            #expect(entry.title == "Product 1" && entry.artWidth == 1536 && entry.artHeight == 969)
            #expect(entry.cardholderName == world.cards[0].cardholderName)
            #expect(entry.primaryAccountSuffix == world.cards[0].lastFour && entry.paymentNetwork == .visa)
            #expect(entry.encryptionScheme == .ECC_V2)
            let added = try #require(visit.added.first)
            let pass = try #require(added.pass, "not added: \(added.shownError ?? "")")
            #expect(pass.primaryAccountNumberSuffix == world.cards[0].lastFour && !pass.isRemotePass)
            // What the network was handed: a Visa's is the sandbox's own 33 bytes.
            #expect(added.activationData?.count == 33)
            #expect(visit.diagnostics.isEmpty, "\(visit.diagnostics)")

            let handler = BankIntentHandler(store: world.store, bank: world.bank)
            #expect(handler.entries(remote: false).map(\.identifier) == ["card-2"])
            let remote = handler.entries(remote: true)
            #expect(remote.map(\.identifier) == ["card-1", "card-2"])
            #expect(remote.first?.addRequestConfiguration.primaryAccountIdentifier == pass.primaryAccountIdentifier)

            let watchVisit = await app.addCards(to: .watch, picking: .identifiers(["card-1"]))
            #expect(watchVisit.added.first?.pass?.isRemotePass == true)
            #expect(handler.entries(remote: true).map(\.identifier) == ["card-2"])
            #expect(
                try world.store.card(id: "card-1")?.digitization
                    == DeviceDigitization(iPhone: .digitized, watch: .digitized))
        }
    }

    @Test("an expired sign-in makes Wallet ask for authentication again, and entries wait for it")
    func expiredSignInRequiresAuthenticationAgain() async throws {
        try await ExtensionWorld.run { world in
            let handler = BankIntentHandler(store: world.store, bank: world.bank)
            let app = world.app(handler)
            let first = await app.addCards(to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .none)
            #expect(first.authorization == .authorized && first.entries.count == 2)
            #expect(handler.currentStatus().requiresAuthentication == false)

            // Time passes: the sign-in recorded then has expired (set, not slept
            // for, so a loaded machine cannot expire it before the first visit).
            try world.store.recordSignIn(at: Date().addingTimeInterval(-3600), lifetime: 60)
            #expect(handler.currentStatus().requiresAuthentication)
            #expect(handler.entries(remote: false).isEmpty, "no entries without a valid sign-in")

            let cancelled = await app.addCards(
                to: .iPhone, signIn: { ($0 as? BankSignInViewController)?.userCancelled() })
            #expect(cancelled.status?.requiresAuthentication == true)
            #expect(cancelled.authorization == .canceled && cancelled.entries.isEmpty)
            #expect(cancelled.noticed(.authorizationCanceled))
        }
    }

    @Test("the bank's closure failing: Wallet shows the error and the handler completes once")
    func bankFailureCompletesOnce() async throws {
        try await ExtensionWorld.run { world in
            let handler = FailingBankHandler(store: world.store)
            let app = world.app(handler)
            let visit = await app.addCards(
                to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .identifiers(["card-2"]))
            let result = try #require(visit.added.first)
            #expect(result.pass == nil && result.errorCode == .systemCancelled)
            #expect(result.shownError?.isEmpty == false)
            #expect(visit.noticed(.noRequest))
            // A second call would be recorded as it arrives; give it time to.
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(
                !world.wallet.diagnostics.contains { $0.code == .handlerCalledTwice || $0.code == .handlerCalledLate })
            #expect(handler.failures.withLock { $0 } == 1)
            #expect(try world.store.card(id: "card-2")?.digitization.iPhone == .notDigitized)
        }
    }

    @Test("status answers from the store without the service: not even configured")
    func statusNeedsNoNetwork() async throws {
        try await ExtensionWorld.run { world in
            TPCSDK.reset()
            let handler = BankIntentHandler(store: world.store, bank: world.bank)
            let app = SimulatedWalletApp(wallet: world.wallet, issuerExtension: handler)  // Apple's 100 ms
            var answered: SimulatedWalletApp.StatusAnswer?
            // The limit is Apple's; one retry absorbs a scheduler hiccup on a loaded machine.
            for _ in 0..<3 where answered == nil { answered = await app.checkStatus() }
            let status = try #require(answered)
            #expect(status.passEntriesAvailable && status.remotePassEntriesAvailable)
        }
    }

    @Test("the bank's code for the ready-made handler is at most 20 lines")
    func bankCodeIsShort() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("// BEGIN BANK CODE") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("// END BANK CODE") })
        let code = lines[(start + 1)..<end].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(code.count <= 20 && code.count > 0)
    }
}
