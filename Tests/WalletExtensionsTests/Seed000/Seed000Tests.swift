import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning
import TestSupport
import Testing
import WalletExtensions

/// Seed 000's `IntentHandler`, compiled as written (see its header), hosted by
/// the simulated Wallet app against `tpc serve --sandbox`, beside the
/// ready-made handler configured with the same cards.
@Suite("Seed 000 sample", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct Seed000Tests {
    private func inSeedWorld(_ body: @MainActor (ExtensionWorld) async throws -> Void) async throws {
        try await ExtensionWorld.run(
            schemes: [(.mastercard, .approve), (.mastercard, .requireActivation)], seedNaming: true
        ) { world in
            // The seed's saveToKeychain, as the app runs it at sign-in: into
            // the simulated iPhone's keychain, App Group access group.
            for card in world.cards { saveToKeychain(key: "\(card.id)_Last4", value: card.lastFour) }
            let bank = world.bank
            SeedValues.current.withLock {
                $0.serviceURL = world.harness.sandbox.baseURL.absoluteString
                $0.issuerId = world.harness.backend.issuerId
                $0.provisioningData = { cardID in
                    let data = try? bank.provisioningData(cardId: cardID)
                    return (data?.encryptedPayload ?? "", data?.authorizationCode ?? "")
                }
            }
            try world.store.recordSignIn()
            try await body(world)
        }
    }

    /// What Wallet shows of an entry, minus what only the ready-made handler
    /// adds (description, primary account identifier) and the art (the
    /// seed's is a system symbol, the ready-made handler's the card's).
    private func shown(_ entries: [SimulatedWalletApp.OfferedEntry]) -> [String] {
        entries.map {
            "\($0.identifier)|\($0.title)|\($0.cardholderName ?? "")|\($0.primaryAccountSuffix ?? "")|"
                + "\($0.paymentNetwork?.rawValue ?? "")|\($0.encryptionScheme.rawValue)"
        }
    }

    @Test("the seed's IntentHandler runs in the simulated Wallet app and adds a card")
    func seedHandlerAddsACard() async throws {
        try await inSeedWorld { world in
            let app = world.app(SimulatedAppExtension(principalClass: IntentHandler.init))
            let status = try #require(await app.checkStatus())
            #expect(status.requiresAuthentication && status.passEntriesAvailable && status.remotePassEntriesAvailable)

            let visit = await app.addCards(
                to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .identifiers(["cardID1"]))
            #expect(visit.entries.map(\.identifier) == ["cardID1", "cardID2"])
            let pass = try #require(visit.added.first?.pass, "\(visit.added.first?.shownError ?? "")")
            #expect(pass.primaryAccountNumberSuffix == world.cards[0].lastFour)
            // The seed's art is a system symbol, `UIImage(systemName: "creditcard")`:
            // a glyph, not 1536 × 969 card art, which Wallet notices.
            #expect(visit.diagnostics.allSatisfy { $0.code == .cardArtNonconforming }, "\(visit.diagnostics)")
            #expect(visit.noticed(.cardArtNonconforming))

            let after = await app.addCards(to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .none)
            #expect(after.entries.map(\.identifier) == ["cardID2"])
            let watch = await app.addCards(to: .watch, signIn: ExtensionWorld.signsIn, picking: .none)
            #expect(watch.entries.map(\.identifier) == ["cardID1", "cardID2"])
        }
    }

    @Test("the ready-made handler offers the same entries as the seed's, before and after an add")
    func readyMadeMatchesSeed() async throws {
        try await inSeedWorld { world in
            let seed = world.app(SimulatedAppExtension(principalClass: IntentHandler.init))
            let readyMade = world.app(BankIntentHandler(store: world.store, bank: world.bank))
            for device in [SimulatedDevice.Kind.iPhone, .watch] {
                let fromSeed = await seed.addCards(to: device, signIn: ExtensionWorld.signsIn, picking: .none)
                let fromReadyMade = await readyMade.addCards(to: device, picking: .none)
                #expect(shown(fromSeed.entries).count == 2)
                #expect(shown(fromSeed.entries) == shown(fromReadyMade.entries))
            }

            let added = await readyMade.addCards(to: .iPhone, picking: .identifiers(["cardID2"]))
            let pass = try #require(added.added.first?.pass, "\(added.added.first?.shownError ?? "")")
            #expect(pass.passActivationState == .requiresActivation)
            for device in [SimulatedDevice.Kind.iPhone, .watch] {
                let fromSeed = await seed.addCards(to: device, signIn: ExtensionWorld.signsIn, picking: .none)
                let fromReadyMade = await readyMade.addCards(to: device, picking: .none)
                #expect(shown(fromSeed.entries) == shown(fromReadyMade.entries))
                #expect(
                    fromReadyMade.entries.map(\.identifier)
                        == (device == .iPhone ? ["cardID1"] : ["cardID1", "cardID2"]))
            }
        }
    }

    @Test("the seed's semaphores hold on Wallet's extension queue, completions on the SDK's queue or on main")
    func seedSemaphoresDoNotDeadlock() async throws {
        try await inSeedWorld { world in
            let saved = TPCSDK.settings
            defer { TPCSDK.settings = saved }
            // The SDK's queue: its default in Wallet's non-UI extension; main:
            // its default in an iOS app (served here by the test's main actor).
            for queue in [TPCSettings.sdkCallbackQueue, DispatchQueue.main] {
                var settings = saved
                settings.callbackQueue = queue
                TPCSDK.settings = settings
                let app = world.app(SimulatedAppExtension(principalClass: IntentHandler.init))
                let status = try #require(await app.checkStatus(), "no status with completions on \(queue.label)")
                #expect(status.passEntriesAvailable && status.remotePassEntriesAvailable)
                let visit = await app.addCards(to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .none)
                #expect(visit.entries.map(\.identifier) == ["cardID1", "cardID2"], "on \(queue.label)")
            }
        }
    }

    @Test("waiting on Wallet's queue for a completion scheduled onto that queue is a deadlock Wallet reports")
    func completionOnWalletsQueueIsCaught() async throws {
        try await inSeedWorld { world in
            let saved = TPCSDK.settings
            defer { TPCSDK.settings = saved }
            var limits = ExtensionWorld.relaxedLimits
            limits.status = .milliseconds(500)
            let app = world.app(SemaphoreStatusHandler(last4: world.cards[0].lastFour), limits: limits)
            var settings = saved
            settings.callbackQueue = app.extensionQueue
            TPCSDK.settings = settings
            let visit = await app.addCards(to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .none)
            #expect(visit.status == nil && !visit.isIssuerListed)
            #expect(visit.noticed(.statusTooSlow), "\(visit.diagnostics)")

            // The same handler with the SDK's queue answers at once.
            TPCSDK.settings = saved
            let fixed = world.app(SemaphoreStatusHandler(last4: world.cards[0].lastFour), limits: limits)
            let status = try #require(await fixed.checkStatus())
            #expect(status.passEntriesAvailable)
        }
    }
}

/// Seed 000's `status` pattern — `getToken`, then `DispatchSemaphore.wait()`
/// on the thread Wallet called — with the wait bounded (3 s), so that the
/// deadlock it shows ends with the test.
final class SemaphoreStatusHandler: PKIssuerProvisioningExtensionHandler {
    let last4: String

    init(last4: String) {
        self.last4 = last4
        super.init()
    }

    override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
        let status = PKIssuerProvisioningExtensionStatus()
        let semaphore = DispatchSemaphore(value: 0)
        TPCSDK.getToken(input: GetTokenInput(last4: last4)) { local, _, error in
            if error == nil, local == nil { status.passEntriesAvailable = true }
            semaphore.signal()
        }
        _ = semaphore.wait(timeout: .now() + 3)
        completion(status)
    }
}
