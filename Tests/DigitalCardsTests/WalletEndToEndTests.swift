import DigitalCards
import DigitalCardsTestSupport
import Foundation
import ProvisioningAPI
import Testing

/// The wallet against a real `tpc serve --sandbox`: enrolment, ID&V, art,
/// default card, payments and keys, the offline cache, and refused input.
///
/// Each test has its own sandbox process and its own managers
/// (`DigitalCardManager(configuration:)`), so nothing global is shared.
@Suite("Wallet end to end", .timeLimit(.minutes(10)))
struct WalletEndToEndTests {
    @Test func visaMastercardAndDualBrandEnrolWithAuxiliaryValuesOnlyOnTheDualBrand() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let visa = try await world.enroll(manager, scheme: .visa)
            let mastercard = try await world.enroll(manager, scheme: .mastercard)
            let dual = try await world.enroll(manager, scheme: .mastercard, auxiliaryScheme: .pagoBancomat)

            let list = try await manager.cardList
            #expect(list.map(\.id) == [visa.id, mastercard.id, dual.id])
            #expect(try await list.asyncMap { try await $0.details.scheme } == [.visa, .mastercard, .mastercard])
            for card in [visa, mastercard] {
                let details = try await card.details
                let metadata = try await card.cardMetadata
                let keys = try await card.paymentKeyInfo
                #expect(!card.hasAuxiliaryScheme)
                #expect(card.auxiliaryPaymentAccountReference == nil)
                #expect(details.auxiliaryScheme == nil)
                #expect(metadata.auxiliaryTokenLastDigits == nil && metadata.auxiliaryTokenExpiry == nil)
                #expect(keys.auxiliaryNumberOfPaymentsLeft == nil)
                #expect(try await card.state == .active)
            }
            let details = try await dual.details
            let metadata = try await dual.cardMetadata
            let keys = try await dual.paymentKeyInfo
            #expect(dual.hasAuxiliaryScheme)
            #expect(details.auxiliaryScheme == .pagoBancomat)
            #expect(metadata.auxiliaryTokenLastDigits?.count == 4)
            #expect(metadata.auxiliaryTokenExpiry != nil)
            #expect(try #require(keys.auxiliaryNumberOfPaymentsLeft) == PaymentKeyBatch.defaultBatchSize)
            let auxiliaryPAR = try #require(dual.auxiliaryPaymentAccountReference)
            #expect(auxiliaryPAR != dual.paymentAccountReference)
            #expect(Set([visa, mastercard, dual].map(\.paymentAccountReference)).count == 3)
        }
    }

    @Test func defaultCardMovesToTheCardSetAsDefault() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let first = try await world.enroll(manager, scheme: .visa)
            let second = try await world.enroll(manager, scheme: .mastercard)
            #expect(try await manager.defaultCard?.id == first.id)

            try await manager.setDefaultCard(second)
            #expect(try await manager.defaultCard?.id == second.id)
            #expect(try await !first.isDefault)
            // The service agrees, not just the cache: a second device's view.
            #expect(try await manager.refreshCardList().filter { try await $0.isDefault }.map(\.id) == [second.id])

            try await first.setAsDefault()
            #expect(try await manager.defaultCard?.id == first.id)
        }
    }

    @Test func allSixArtTypesComeBackAsValidPNGsAndRevalidateByETag() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .visa)
            let art = try await card.cardArt
            var sizes: [DigitalCard.ArtType: (Int, Int)] = [:]
            for type in DigitalCard.ArtType.allCases {
                let bitmap = try await art.bitmap(forArtType: type)
                #expect(bitmap.mediaType == "image/png")
                #expect(bitmap.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                sizes[type] = (bitmap.width, bitmap.height)
                // Again: answered 304 and served from the cache, same bytes.
                #expect(try await art.bitmap(forArtType: type) == bitmap)
            }
            for (type, expected) in WalletWorld.expectedArtSizes {
                #expect(sizes[type]?.0 == expected.width && sizes[type]?.1 == expected.height, "\(type)")
            }
        }
    }

    @Test func idvCardStaysInactiveUntilItsCodeIsVerified() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .visa, outcome: .requireActivation)
            #expect(try await card.state == .inactive)
            #expect(try await card.paymentKeyInfo.numberOfPaymentsLeft == 0)
            let session = try #require(try await card.pendingActivationSession)
            #expect(session.channel == "sandbox")
            let code = try await world.activationCode(sessionId: session.sessionId)

            // A wrong code: typed, and the card stays inactive and unpayable.
            let wrong = code == "000000" ? "111111" : "000000"
            let error = await #expect(throws: DigitalCardError.self) { try await session.verify(code: wrong) }
            #expect(error?.code == .activationCodeInvalid)
            #expect(try await card.state == .inactive)
            #expect(try await card.pendingActivationSession?.attemptsLeft == session.attemptsLeft - 1)
            let refused = await #expect(throws: DigitalCardError.self) {
                try await card.tap(ContactlessTransaction(amount: 100, currency: "EUR"))
            }
            #expect(refused?.code == .illegalState)

            let activated = try await session.verify(code: code)
            #expect(try await activated.state == .active)
            #expect(try await card.pendingActivationSession == nil)
            #expect(try await card.paymentKeyInfo.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize)
            _ = try await card.payContactless(ContactlessTransaction(amount: 100, currency: "EUR"), at: world.terminal)
        }
    }

    @Test func paymentsConsumeKeysUntilReplenishmentAndReplenishRestoresTheCount() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .visa)
            let start = try await card.paymentKeyInfo
            #expect(start.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize)
            #expect(!start.needsReplenishment)
            #expect(start.keyExpiry.map { $0 > Date() } ?? true)

            var left = start.numberOfPaymentsLeft
            while try await !card.paymentKeyInfo.needsReplenishment {
                let receipt = try await card.payContactless(
                    ContactlessTransaction(amount: 250, currency: "EUR", merchantName: "Café"), at: world.terminal)
                left -= 1
                #expect(!receipt.authorizationId.isEmpty)
                #expect(receipt.paymentsLeft == left)
                #expect(try await card.paymentKeyInfo.numberOfPaymentsLeft == left)
            }
            #expect(left == start.replenishmentThreshold - 1)

            let restored = try await card.replenishPaymentKeys()
            #expect(restored.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize)
            #expect(!restored.needsReplenishment)
            _ = try await card.payContactless(ContactlessTransaction(amount: 99, currency: "EUR"), at: world.terminal)
        }
    }

    @Test func replayedAndTamperedCryptogramsAreRefusedWithoutConsumingKeys() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .visa)
            let terminal = world.terminal

            let payment = try await card.tap(ContactlessTransaction(amount: 500, currency: "EUR"))
            let first = try await terminal.submit(payment)
            let replay = await #expect(throws: DigitalCardError.self) { try await terminal.submit(payment) }
            #expect(replay?.code == .paymentDeclined)
            #expect(replay?.serverCode == ProblemType.cryptogramInvalid.rawValue)

            var tampered = try await card.tap(ContactlessTransaction(amount: 500, currency: "EUR"))
            tampered.cryptogram[0] ^= 0x01
            let refused = await #expect(throws: DigitalCardError.self) { try await terminal.submit(tampered) }
            #expect(refused?.code == .paymentDeclined)
            // The amount changed after the tap: the cryptogram no longer covers it.
            var altered = try await card.tap(ContactlessTransaction(amount: 500, currency: "EUR"))
            altered.request.amount = 50_000
            await #expect(throws: DigitalCardError.self) { try await terminal.submit(altered) }

            // Neither consumed a key on the network: the next payment leaves
            // exactly one fewer than after the first.
            let next = try await card.payContactless(ContactlessTransaction(amount: 1, currency: "EUR"), at: terminal)
            #expect(next.paymentsLeft == (first.paymentsLeft ?? 0) - 1)
        }
    }

    @Test func suspendStopsPaymentsAndResumeRestoresThem() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .mastercard)
            let earlyTap = try await card.tap(ContactlessTransaction(amount: 700, currency: "EUR"))

            #expect(try await card.suspend() == .suspended)
            #expect(try await card.state == .suspended)
            // The network refuses a cryptogram made before the suspension…
            let declined = await #expect(throws: DigitalCardError.self) { try await world.terminal.submit(earlyTap) }
            #expect(declined?.code == .paymentDeclined)
            #expect(declined?.serverCode == ProblemType.declined.rawValue)
            // …and the device does not make new ones.
            let local = await #expect(throws: DigitalCardError.self) {
                try await card.tap(ContactlessTransaction(amount: 700, currency: "EUR"))
            }
            #expect(local?.code == .illegalState)

            #expect(try await card.resume() == .active)
            _ = try await world.terminal.submit(earlyTap)
            _ = try await card.payContactless(ContactlessTransaction(amount: 700, currency: "EUR"), at: world.terminal)
        }
    }

    @Test func listAndArtShowOfflineFromTheCache() async throws {
        try await WalletWorld.run { world in
            let online = try await world.registeredManager()
            let visa = try await world.enroll(online, scheme: .visa)
            let dual = try await world.enroll(online, scheme: .mastercard, auxiliaryScheme: .pagoBancomat)
            let background = try await visa.cardArt.bitmap(forArtType: .cardBackgroundCombined)
            await world.sandbox.stop()

            // The server is gone. A new manager on the same device (a relaunch).
            let manager = try DigitalCardManager(configuration: world.configuration())
            let list = try await manager.cardList
            #expect(list.map(\.id) == [visa.id, dual.id])
            let first = try #require(list.first)
            #expect(try await first.state == .active)
            #expect(try await first.cardArt.bitmap(forArtType: .cardBackgroundCombined) == background)
            #expect(try await list[1].cardMetadata.auxiliaryTokenLastDigits != nil)
            #expect(try await manager.defaultCard?.id == visa.id)
            #expect(try await first.paymentKeyInfo.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize)
            // Nothing cached for this image: the transport error comes through, typed.
            let missing = await #expect(throws: DigitalCardError.self) {
                try await first.cardArt.bitmap(forArtType: .cardIcon)
            }
            #expect(missing?.code == .serviceUnavailable)
            let forced = await #expect(throws: DigitalCardError.self) { try await manager.refreshCardList() }
            #expect(forced?.code == .serviceUnavailable)
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }

    func filter(_ isIncluded: (Element) async throws -> Bool) async rethrows -> [Element] {
        var result: [Element] = []
        for element in self where try await isIncluded(element) { result.append(element) }
        return result
    }
}
