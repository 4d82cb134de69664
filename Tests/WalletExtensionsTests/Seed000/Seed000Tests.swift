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
}
