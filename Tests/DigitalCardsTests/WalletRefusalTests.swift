import DigitalCards
import DigitalCardsTestSupport
import Foundation
import ProvisioningAPI
import Testing

/// Input the wallet must refuse: each refusal is a typed ``DigitalCardError``
/// and leaves the cards as they were.
@Suite("Wallet refusals", .timeLimit(.minutes(10)))
struct WalletRefusalTests {
    @Test func anotherWalletCannotSeeOrChangeACard() async throws {
        try await WalletWorld.run { world in
            let owner = try await world.registeredManager(device: "owner", userId: "user-1")
            let card = try await world.enroll(owner, scheme: .visa, userId: "user-1")
            let intruder = try await world.registeredManager(device: "intruder", userId: "user-2")

            #expect(await intruder.digitalCard(forID: card.id) == nil)
            #expect(try await intruder.cardList.isEmpty)
            // The owner's handle driven through the intruder's wallet: the
            // service answers as if the card did not exist.
            let foreign = try await world.enroll(intruder, scheme: .mastercard, userId: "user-2")
            let error = await #expect(throws: DigitalCardError.self) { try await intruder.setDefaultCard(card) }
            #expect(error?.code == .cardNotFound)
            #expect(try await intruder.defaultCard?.id == foreign.id)
            #expect(try await card.state == .active)
            #expect(try await owner.defaultCard?.id == card.id)
        }
    }

    @Test func wrongCodesAreRefusedAndLockTheSession() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .visa, outcome: .requireActivation)
            let session = try #require(try await card.pendingActivationSession)
            let code = try await world.activationCode(sessionId: session.sessionId)
            let wrong = code == "000000" ? "111111" : "000000"
            var codes: [DigitalCardError.Code] = []
            for _ in 0..<session.attemptsLeft {
                do throws(DigitalCardError) {
                    _ = try await session.verify(code: wrong)
                } catch {
                    codes.append(error.code)
                }
                #expect(try await card.state == .inactive)
            }
            #expect(codes.dropLast().allSatisfy { $0 == .activationCodeInvalid })
            #expect(codes.last == .activationLocked || codes.last == .activationCodeInvalid)
            // Locked: even the right code no longer activates the card.
            let locked = await #expect(throws: DigitalCardError.self) { try await session.verify(code: code) }
            #expect(locked?.code == .activationLocked)
            #expect(try await card.state == .inactive)
        }
    }

    @Test func anExpiredSessionIsRefused() async throws {
        // Long enough for the enrolment and the session's read to come first
        // on a loaded machine (3 s did not always suffice beside two busy loops).
        try await WalletWorld.run(activationSeconds: 10) { world in
            let manager = try await world.registeredManager()
            let card = try await world.enroll(manager, scheme: .visa, outcome: .requireActivation)
            let session = try #require(try await card.pendingActivationSession)
            let code = try await world.activationCode(sessionId: session.sessionId)
            // Wait out the session's lifetime (no assertion on time: only
            // that the session has ended once it has).
            let remaining = session.expiresAt.timeIntervalSinceNow
            try await Task.sleep(nanoseconds: UInt64(max(0, remaining) * 1e9) + 500_000_000)
            let error = await #expect(throws: DigitalCardError.self) { try await session.verify(code: code) }
            #expect(error?.code == .activationExpired)
            #expect(try await card.state == .inactive)
        }
    }

    @Test func aDeletedCardIsGoneForEveryCall() async throws {
        try await WalletWorld.run { world in
            let manager = try await world.registeredManager()
            let kept = try await world.enroll(manager, scheme: .visa)
            let card = try await world.enroll(manager, scheme: .mastercard)
            let earlyTap = try await card.tap(ContactlessTransaction(amount: 300, currency: "EUR"))
            try await card.delete()

            #expect(try await manager.cardList.map(\.id) == [kept.id])
            #expect(await manager.digitalCard(forID: card.id) == nil)
            for (name, call) in [
                ("state", { _ = try await card.state }),
                ("resume", { _ = try await card.resume() }),
                ("replenish", { _ = try await card.replenishPaymentKeys() }),
                ("default", { try await manager.setDefaultCard(card) }),
            ] as [(String, () async throws -> Void)] {
                let error = await #expect(throws: DigitalCardError.self, "\(name)") { try await call() }
                #expect(error?.code == .cardNotFound, "\(name)")
            }
            let declined = await #expect(throws: DigitalCardError.self) { try await world.terminal.submit(earlyTap) }
            #expect(declined?.code == .paymentDeclined)
            #expect(try await manager.refreshCardList().map(\.id) == [kept.id])
            #expect(try await kept.state == .active)
        }
    }

    @Test func badRegistrationAndEnrolmentCodesAreRefused() async throws {
        try await WalletWorld.run { world in
            let manager = try DigitalCardManager(configuration: world.configuration())
            let notRegistered = await #expect(throws: DigitalCardError.self) { _ = try await manager.cardList }
            #expect(notRegistered?.code == .walletNotRegistered)
            let wrongScope = await #expect(throws: DigitalCardError.self) {
                try await manager.registerWallet(
                    userId: "user-1", deviceName: "phone",
                    authorizationCode: world.bank.code(scope: "provision", subject: "user-1"))
            }
            #expect(wrongScope?.code == .authorizationRefused)
            #expect(await !manager.isWalletRegistered)

            let registered = try await world.registeredManager()
            let garbage = await #expect(throws: DigitalCardError.self) {
                try await registered.enrollCard(
                    scheme: .visa, encryptedPayload: "bm90IENNUw==",
                    authorizationCode: world.bank.code(scope: "wallet:enrol", claims: ["cardRef": "x"]))
            }
            #expect(garbage?.code != nil)
            #expect(try await registered.cardList.isEmpty)
        }
    }
}
