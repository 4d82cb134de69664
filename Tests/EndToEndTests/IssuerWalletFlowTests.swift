import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport
import Testing

extension EndToEndTests {
    /// Flow D against the real `tpc serve --sandbox`: a wallet app registers,
    /// enrols cards, runs ID&V, pays with limited-use keys and reads card art.
    ///
    /// The serialized suite runs files in name order; this file sorts before
    /// `SecretScanTests.swift`, which stops the servers and scans what every
    /// suite sent (the wallet's PANs and codes included).
    @Suite(.timeLimit(.minutes(10))) struct IssuerWalletFlow {
        @Test(arguments: Store.allCases)
        func singleBrandCardsHaveNoAuxiliaryValuesAndDualBrandHas(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let visa = try await wallet.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            let mastercard = try await wallet.enrol(
                try await deployment.testCard(scheme: "MASTERCARD", outcome: .approve))
            let dual = try await wallet.enrol(try await deployment.dualBrandCard())

            for (card, scheme) in [(visa, CardSchemeName.visa), (mastercard, .mastercard)] {
                #expect(card.state == .active)
                #expect(card.details.scheme == scheme)
                #expect(!card.hasAuxiliaryScheme)
                #expect(card.details.auxiliaryScheme == nil)
                #expect(card.metadata.auxiliaryTokenLastDigits == nil)
                #expect(card.metadata.auxiliaryTokenExpiry == nil)
                #expect(card.auxiliaryPaymentAccountReference == nil)
                #expect(card.paymentKeyInfo.auxiliaryNumberOfPaymentsLeft == nil)
                #expect(card.paymentAccountReference.count == 29)
                #expect(card.metadata.tokenLastDigits.count == 4)
                #expect(card.metadata.tokenLastDigits != card.metadata.panLastDigits)
            }
            #expect(dual.hasAuxiliaryScheme)
            #expect(dual.details.scheme == .mastercard)
            #expect(dual.details.auxiliaryScheme == .pagoBancomat)
            #expect(dual.metadata.auxiliaryTokenLastDigits?.count == 4)
            #expect(dual.metadata.auxiliaryTokenExpiry != nil)
            #expect(dual.metadata.auxiliaryTokenExpiry != dual.metadata.tokenExpiry)
            #expect(dual.auxiliaryPaymentAccountReference?.count == 29)
            #expect(dual.auxiliaryPaymentAccountReference != dual.paymentAccountReference)
            #expect(dual.paymentKeyInfo.auxiliaryNumberOfPaymentsLeft == 0)

            let list = try await wallet.list()
            #expect(list.map(\.id) == [visa.id, mastercard.id, dual.id])
            #expect(list.map(\.isDefault) == [true, false, false], "the first card is the default")

            // Dual brand: keys for both brands; paying with the auxiliary one.
            let (batch, keys) = try await wallet.replenish(dual.id)
            #expect(batch.paymentKeyInfo.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize)
            #expect(batch.paymentKeyInfo.auxiliaryNumberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize)
            let auxiliaryKey = try #require(keys.first { $0.scheme == .pagoBancomat })
            let result = try await wallet.payResult(try WalletUser.payment(cardId: dual.id, with: auxiliaryKey))
            #expect(result.outcome == .approved)
            #expect(try await wallet.card(dual.id).paymentKeyInfo.auxiliaryNumberOfPaymentsLeft == 9)
        }

        @Test(arguments: Store.allCases)
        func identityVerificationCardStaysInactiveUntilItsCodeIsVerified(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let card = try await wallet.enrol(
                try await deployment.testCard(scheme: "VISA", outcome: .requireActivation))
            #expect(card.state == .inactive)
            let session = try #require(card.pendingActivation)
            #expect(session.attemptsLeft == 3)
            #expect(session.channel == "sandbox")
            let replenish = try await wallet.replenishResponse(card.id)
            #expect(replenish.status == 409)
            #expect(replenish.problemType == ProblemType.illegalTransition.rawValue)

            let code = try await wallet.sandboxCode(session.sessionId)
            #expect(code.count == 6)
            let wrong = try await wallet.verify(card.id, sessionId: session.sessionId, code: Self.other(than: code))
            #expect(wrong.status == 422)
            #expect(wrong.problemType == ProblemType.activationCodeInvalid.rawValue)
            let afterWrong = try await wallet.card(card.id)
            #expect(afterWrong.state == .inactive)
            #expect(afterWrong.pendingActivation?.attemptsLeft == 2)

            let right = try await wallet.verify(card.id, sessionId: session.sessionId, code: code)
            #expect(right.status == 200, "\(right.text)")
            let active = try right.decode(DigitalCardResource.self)
            #expect(active.state == .active)
            #expect(active.pendingActivation == nil)
            let again = try await wallet.verify(card.id, sessionId: session.sessionId, code: code)
            #expect(again.status == 409)
        }

        @Test(arguments: Store.allCases)
        func wrongCodesLockTheSession(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let card = try await wallet.enrol(
                try await deployment.testCard(scheme: "MASTERCARD", outcome: .requireActivation))
            let session = try #require(card.pendingActivation)
            let code = try await wallet.sandboxCode(session.sessionId)
            var types: [String?] = []
            for _ in 0..<3 {
                types.append(
                    try await wallet.verify(card.id, sessionId: session.sessionId, code: Self.other(than: code))
                        .problemType)
            }
            #expect(
                types == [
                    ProblemType.activationCodeInvalid.rawValue, ProblemType.activationCodeInvalid.rawValue,
                    ProblemType.activationLocked.rawValue,
                ])
            let locked = try await wallet.verify(card.id, sessionId: session.sessionId, code: code)
            #expect(locked.status == 403)
            #expect(locked.problemType == ProblemType.activationLocked.rawValue)
            #expect(try await wallet.card(card.id).state == .inactive)
        }

        @Test(arguments: Store.allCases)
        func paymentsConsumeKeysUntilReplenishmentAndReplaysAreRefused(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let card = try await wallet.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            #expect(card.paymentKeyInfo.numberOfPaymentsLeft == 0)
            #expect(card.paymentKeyInfo.needsReplenishment)
            let (batch, keys) = try await wallet.replenish(card.id)
            #expect(keys.count == 10)
            #expect(Set(keys.map(\.keyId)).count == 10)
            #expect(batch.keyType == .limitedUse)
            #expect(batch.keys.allSatisfy { $0.expiresAt != nil })
            #expect(!batch.paymentKeyInfo.needsReplenishment)

            let threshold = batch.paymentKeyInfo.replenishmentThreshold
            var spent: [PaymentRequest] = []
            for (index, key) in keys.prefix(10 - threshold + 1).enumerated() {
                let payment = try WalletUser.payment(cardId: card.id, with: key)
                let result = try await wallet.payResult(payment)
                #expect(result.outcome == .approved)
                #expect(result.authorizationId != nil)
                #expect(result.paymentsLeft == 10 - index - 1)
                spent.append(payment)
            }
            let low = try await wallet.card(card.id).paymentKeyInfo
            #expect(low.numberOfPaymentsLeft == threshold - 1)
            #expect(low.needsReplenishment)

            let database = try await deployment.database()
            let paymentsBefore = try await deployment.rowCounts()["sandbox_wallet_payments"]
            let replay = try await wallet.payResult(try #require(spent.first))
            #expect(replay.outcome == .declined)
            #expect(replay.declineReason == .cryptogramInvalid)
            let unusedKey = try #require(keys.last)
            let tampered = try await wallet.payResult(
                try WalletUser.payment(cardId: card.id, with: unusedKey) { $0.amount += 1 })
            #expect(tampered.outcome == .declined)
            #expect(tampered.declineReason == .cryptogramInvalid)
            #expect(try await deployment.rowCounts()["sandbox_wallet_payments"] == paymentsBefore)
            #expect(try await wallet.card(card.id).paymentKeyInfo.numberOfPaymentsLeft == threshold - 1)
            _ = database

            let (refill, fresh) = try await wallet.replenish(card.id)
            #expect(refill.paymentKeyInfo.numberOfPaymentsLeft == 10)
            #expect(!refill.paymentKeyInfo.needsReplenishment)
            let replaced = try await wallet.payResult(try WalletUser.payment(cardId: card.id, with: unusedKey))
            #expect(replaced.outcome == .declined, "keys of the previous batch are replaced")
            let paid = try await wallet.payResult(
                try WalletUser.payment(cardId: card.id, with: try #require(fresh.first)))
            #expect(paid.outcome == .approved)
        }

        @Test(arguments: Store.allCases)
        func suspendStopsPaymentsAndResumeRestoresThem(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let card = try await wallet.enrol(try await deployment.testCard(scheme: "MASTERCARD", outcome: .approve))
            let (_, keys) = try await wallet.replenish(card.id)
            let suspended = try await wallet.changeState(card.id, .suspend)
            #expect(try suspended.decode(DigitalCardResource.self).state == .suspended)
            let refused = try await wallet.payResult(try WalletUser.payment(cardId: card.id, with: keys[0]))
            #expect(refused.outcome == .declined)
            #expect(refused.declineReason == .declined)
            let resumed = try await wallet.changeState(card.id, .resume)
            #expect(try resumed.decode(DigitalCardResource.self).state == .active)
            let paid = try await wallet.payResult(try WalletUser.payment(cardId: card.id, with: keys[0]))
            #expect(paid.outcome == .approved, "a declined payment consumed nothing")
        }

        @Test(arguments: Store.allCases)
        func defaultCardMoves(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let defaultPath = try APIPaths.walletDefaultCard(
                issuerId: wallet.issuer.issuerId, walletId: wallet.walletId)
            #expect(try await wallet.get(defaultPath).status == 404)
            let first = try await wallet.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            let second = try await wallet.enrol(try await deployment.testCard(scheme: "MASTERCARD", outcome: .approve))
            #expect(try await wallet.get(defaultPath).decode(DigitalCardResource.self).id == first.id)
            let set = try await wallet.deployment.client.send(
                "PUT",
                deployment.path(
                    try APIPaths.walletDefaultCard(
                        issuerId: wallet.issuer.issuerId, walletId: wallet.walletId, set: true)),
                body: try JSONEncoder.provisioningAPI.encode(DefaultCardRequest(cardId: second.id)),
                headers: wallet.authorization)
            #expect(set.status == 200, "\(set.text)")
            #expect(try await wallet.get(defaultPath).decode(DigitalCardResource.self).id == second.id)
            #expect(try await wallet.list().map(\.isDefault) == [false, true])
            _ = try await wallet.changeState(second.id, .delete)
            #expect(try await wallet.get(defaultPath).status == 404, "deleting the default card clears it")
        }

        static let artSizes: [CardArtType: (Int, Int)] = [
            .bankLogo: (240, 60), .schemeLogo: (120, 75), .cardBackground: (480, 303),
            .cardBackgroundCombined: (480, 303), .coBrandLogo: (120, 60), .cardIcon: (64, 40),
        ]

        @Test(arguments: Store.allCases)
        func allSixArtTypesComeBackAsValidImagesWithETags(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let card = try await wallet.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            var images: [CardArtType: Data] = [:]
            for type in CardArtType.allCases {
                let endpoint = try APIPaths.walletCardArt(
                    issuerId: wallet.issuer.issuerId, walletId: wallet.walletId, cardId: card.id, artType: type)
                let response = try await wallet.get(endpoint)
                #expect(response.status == 200, "\(type)")
                #expect(response.header("Content-Type") == "image/png")
                let size = try Self.pngSize(response.body)
                #expect(size.0 == Self.artSizes[type]?.0 && size.1 == Self.artSizes[type]?.1, "\(type)")
                let etag = try #require(response.header("ETag"))
                #expect(etag.hasPrefix("\"") && etag.count == 66)
                let cached = try await wallet.get(endpoint, headers: ["If-None-Match": etag])
                #expect(cached.status == 304)
                #expect(cached.body.isEmpty)
                images[type] = response.body
            }
            #expect(Set(images.values).count == 6)

            // Back office: an upload replaces a product's image and its ETag.
            let upload = try deployment.path(
                APIPaths.backOfficeCardArt(issuerId: wallet.issuer.issuerId, productId: "default", artType: .cardIcon))
            let background = try #require(images[.cardBackground])
            let bearer = ["Authorization": "Bearer \(wallet.issuer.backOfficeKey)"]
            let wrongSize = try await deployment.client.send(
                "PUT", upload, body: background, contentType: "image/png", headers: bearer)
            #expect(wrongSize.status == 422)
            #expect(wrongSize.problemType == ProblemType.invalidField.rawValue)
            let icon = try #require(images[.cardIcon])
            let same = try await deployment.client.send(
                "PUT", upload, body: icon, contentType: "image/png", headers: bearer)
            #expect(same.status == 204)
            #expect(same.header("ETag") != nil)
        }

        @Test(arguments: Store.allCases)
        func anotherWalletsCardIsNotFound(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let owner = try await WalletUser.register(deployment)
            let stranger = try await WalletUser.register(deployment)
            let card = try await owner.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            let viaOwnPath = try await stranger.get(
                try APIPaths.walletCard(
                    issuerId: stranger.issuer.issuerId, walletId: stranger.walletId, cardId: card.id))
            #expect(viaOwnPath.status == 404)
            #expect(viaOwnPath.problemType == ProblemType.notFound.rawValue)
            let viaOwnersPath = try await stranger.get(
                try APIPaths.walletCard(issuerId: owner.issuer.issuerId, walletId: owner.walletId, cardId: card.id))
            #expect(viaOwnersPath.status == 404)
            let other = try await WalletUser.register(deployment, issuer: deployment.otherIssuer)
            let otherIssuer = try await other.get(
                try APIPaths.walletCard(issuerId: owner.issuer.issuerId, walletId: owner.walletId, cardId: card.id))
            #expect(otherIssuer.status == 404)
            #expect(try await owner.card(card.id).state == .active)
        }

        /// Rows of every table before and after each refused request.
        @Test(arguments: Store.allCases)
        func refusedWalletRequestsAreTypedAndWriteNothing(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let wallet = try await WalletUser.register(deployment)
            let card = try await wallet.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            let (_, keys) = try await wallet.replenish(card.id)
            let pending = try await wallet.enrol(
                try await deployment.testCard(scheme: "VISA", outcome: .requireActivation))
            let session = try #require(pending.pendingActivation)
            let code = try await wallet.sandboxCode(session.sessionId)
            let deleted = try await wallet.enrol(try await deployment.testCard(scheme: "MASTERCARD", outcome: .approve))
            let (_, deletedKeys) = try await wallet.replenish(deleted.id)
            #expect(try await wallet.changeState(deleted.id, .delete).status == 200)
            let declined = try await deployment.testCard(scheme: "VISA", outcome: .decline)
            let used = try wallet.enrolment(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            _ = try await wallet.post(
                try APIPaths.walletCardEnrollment(issuerId: wallet.issuer.issuerId, walletId: wallet.walletId),
                json: used)

            let enrolPath = try APIPaths.walletCardEnrollment(
                issuerId: wallet.issuer.issuerId, walletId: wallet.walletId)
            let cases: [(String, Int, ProblemType, () async throws -> WireResponse)] = [
                (
                    "no token", 401, .unauthorized,
                    {
                        try await deployment.client.get(
                            deployment.path(
                                try APIPaths.walletCards(issuerId: wallet.issuer.issuerId, walletId: wallet.walletId)))
                    }
                ),
                (
                    "wrong token", 401, .unauthorized,
                    {
                        try await deployment.client.get(
                            deployment.path(
                                try APIPaths.walletCards(issuerId: wallet.issuer.issuerId, walletId: wallet.walletId)),
                            headers: ["Authorization": "Bearer not-a-token"])
                    }
                ),
                (
                    "wrong code", 422, .activationCodeInvalid,
                    {
                        try await wallet.verify(pending.id, sessionId: session.sessionId, code: Self.other(than: code))
                    }
                ),
                (
                    "deleted card suspended", 409, .illegalTransition,
                    { try await wallet.changeState(deleted.id, .suspend) }
                ),
                (
                    "deleted card replenished", 409, .illegalTransition,
                    { try await wallet.replenishResponse(deleted.id) }
                ),
                (
                    "activate through the state route", 409, .illegalTransition,
                    {
                        try await wallet.changeState(pending.id, .activate)
                    }
                ),
                (
                    "declined card", 422, .declined,
                    { try await wallet.post(enrolPath, json: try wallet.enrolment(declined)) }
                ),
                (
                    "replayed enrolment code", 401, .authorizationCodeReplayed,
                    { try await wallet.post(enrolPath, json: used) }
                ),
                (
                    "malformed payment", 422, .invalidField,
                    {
                        try await wallet.pay(
                            try WalletUser.payment(cardId: card.id, with: keys[0]) { $0.currency = "euro" })
                    }
                ),
                (
                    "payment for an unknown card", 404, .notFound,
                    {
                        try await wallet.pay(try WalletUser.payment(cardId: "dc_unknown", with: keys[0]))
                    }
                ),
            ]
            for (name, status, type, send) in cases {
                let before = try await deployment.rowCounts()
                let response = try await send()
                let after = try await deployment.rowCounts()
                #expect(response.status == status, "\(name): \(response.text)")
                #expect(response.problemType == type.rawValue, "\(name)")
                let changed = after.filter { before[$0.key] != $0.value }.map(\.key)
                // A wrong code spends an attempt (an update, no new row).
                #expect(changed.isEmpty, "\(name) changed \(changed)")
            }
            // Declines are answers, and consume nothing either.
            let before = try await deployment.rowCounts()
            let deletedPayment = try await wallet.payResult(
                try WalletUser.payment(cardId: deleted.id, with: deletedKeys[0]))
            #expect(deletedPayment.outcome == .declined)
            #expect(deletedPayment.declineReason == .declined)
            #expect(try await deployment.rowCounts() == before)
            #expect(try await wallet.card(deleted.id).state == .deleted)
            #expect(try await wallet.card(pending.id).state == .inactive)
        }

        static func other(than code: String) -> String {
            String(code.map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
        }

        /// The IHDR size of a PNG, after checking the signature and that it ends with IEND.
        static func pngSize(_ data: Data) throws -> (Int, Int) {
            let bytes = [UInt8](data)
            guard bytes.count > 45, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                Array(bytes[12..<16]) == Array("IHDR".utf8), Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8)
            else { throw FlowFailure(description: "not a PNG") }
            func word(_ offset: Int) -> Int {
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                    | Int(bytes[offset + 3])
            }
            return (word(16), word(20))
        }
    }
}
