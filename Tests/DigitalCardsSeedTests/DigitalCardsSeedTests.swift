import DigitalCards
import DigitalCardsTestSupport
import Foundation
import ProvisioningAPI
import TestSupport
import Testing

/// Runs seed 004's samples, compiled as written (see Seed004DigitalCards.swift),
/// against `tpc serve --sandbox` with the shared `DigitalCardManager()`
/// configuration, and prints the real values they read (expiries only as
/// present or not: they are card data).
@Suite("Seed 004 samples", .serialized, .timeLimit(.minutes(10)))
struct DigitalCardsSeedTests {
    /// A sandbox with a registered wallet holding a Visa and a dual-brand
    /// card, the SDK configured for it as an app would at launch.
    private func inWallet(_ body: (WalletWorld, [DigitalCard]) async throws -> Void) async throws {
        try await GlobalTestLock.run {
            try await WalletWorld.run { world in
                try DigitalCardManager.configure(world.configuration())
                defer { DigitalCardManager.reset() }
                let manager = DigitalCardManager()
                try await manager.registerWallet(
                    userId: "seed-user", deviceName: "Seed phone",
                    authorizationCode: world.bank.registrationCode(userId: "seed-user"))
                let visa = try await world.enroll(manager, scheme: .visa, userId: "seed-user")
                let dual = try await world.enroll(
                    manager, scheme: .mastercard, auxiliaryScheme: .pagoBancomat, userId: "seed-user")
                try await body(world, [visa, dual])
            }
        }
    }

    @Test func listAndRetrievalSamplesRunAgainstTheSandbox() async throws {
        try await inWallet { _, enrolled in
            await retrieveCardList()
            try await getDigitalCards()

            // The values the samples read, printed from the same calls.
            let manager = DigitalCardManager()
            let cardList = try await manager.cardList
            let defaultCard = try await manager.defaultCard
            print("seed 004: cardList.count = \(cardList.count)")
            print("seed 004: card ids = \(cardList.map(\.digitalCardID))")
            print("seed 004: defaultCard = \(defaultCard?.digitalCardID ?? "nil")")
            print("seed 004: digitalCard(forID: \"\") = \(String(describing: await manager.digitalCard(forID: "")))")
            #expect(cardList.map(\.id) == enrolled.map(\.id))
            #expect(defaultCard?.id == enrolled.first?.id)
            #expect(await manager.digitalCard(forID: enrolled[1].id)?.id == enrolled[1].id)
            #expect(await manager.digitalCard(forID: "") == nil)
        }
    }

    @Test func detailSamplesRunAgainstTheSandbox() async throws {
        try await inWallet { _, enrolled in
            for card in enrolled {
                await retrieveCardDetails(digitalCard: card)
                try await retrieveAuxiliaryDetails(digitalCard: card)

                let state = try await card.state
                let bitmap = try await card.cardArt.bitmap(forArtType: .cardBackgroundCombined)
                let metadata = try await card.cardMetadata
                let keys = try await card.paymentKeyInfo
                let details = try await card.details
                print(
                    "seed 004: card \(card.id): state \(state), art \(bitmap.width)x\(bitmap.height) PNG,"
                        + " PAN …\(metadata.panLastDigits) expiry \(metadata.panExpiry.isEmpty ? "missing" : "present"), token …\(metadata.tokenLastDigits),"
                        + " payments left \(keys.numberOfPaymentsLeft), needsReplenishment \(keys.needsReplenishment),"
                        + " key type \(keys.keyType), scheme \(details.scheme),"
                        + " payment types \(details.paymentTypesSupported.map(\.rawValue)),"
                        + " PAR \(card.paymentAccountReference)")
                print(
                    "seed 004: card \(card.id): hasAuxiliaryScheme \(card.hasAuxiliaryScheme),"
                        + " auxiliaryScheme \(details.auxiliaryScheme?.rawValue ?? "nil"),"
                        + " aux token …\(metadata.auxiliaryTokenLastDigits ?? "nil") expiry \(metadata.auxiliaryTokenExpiry == nil ? "nil" : "present"),"
                        + " aux payments left \(keys.auxiliaryNumberOfPaymentsLeft.map(String.init) ?? "nil"),"
                        + " aux PAR \(card.auxiliaryPaymentAccountReference ?? "nil")")
                #expect(state == .active)
                #expect(metadata.panLastDigits.count == 4 && metadata.tokenLastDigits.count == 4)
                #expect(keys.numberOfPaymentsLeft > 0 && !keys.needsReplenishment)
                #expect(!card.paymentAccountReference.isEmpty)
                #expect(card.hasAuxiliaryScheme == (details.auxiliaryScheme != nil))
                #expect((card.auxiliaryPaymentAccountReference != nil) == card.hasAuxiliaryScheme)
                #expect((metadata.auxiliaryTokenLastDigits != nil) == card.hasAuxiliaryScheme)
                #expect((keys.auxiliaryNumberOfPaymentsLeft != nil) == card.hasAuxiliaryScheme)
            }
            #expect(enrolled.map(\.hasAuxiliaryScheme) == [false, true])
        }
    }
}
