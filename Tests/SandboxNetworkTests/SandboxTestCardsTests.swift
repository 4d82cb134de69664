import Foundation
import ProvisioningService
import SandboxNetwork
import Testing

@Suite(.timeLimit(.minutes(10))) struct SandboxTestCardsTests {
    /// 2025-06-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_749_988_800)

    static func serviceScheme(_ scheme: SandboxScheme) -> CardScheme? {
        CardScheme(wireValue: scheme.rawValue)
    }

    @Test func everyCardPassesTheServiceValidatorForItsScheme() throws {
        let cards = SandboxTestCards.all(now: Self.now)
        #expect(cards.count == 21)
        for card in cards {
            let scheme = try #require(Self.serviceScheme(card.scheme))
            let payload = try CardPayload(jsonData: card.payloadJSON())
            let validated = try CardPayloadValidator.validate(
                payload, scheme: scheme, productId: card.productId, now: Self.now)
            #expect(validated.panLastFour == card.panLastFour)
            #expect(validated.cardReference == card.cardReference)
            #expect(Luhn.isValid(card.pan))
        }
    }

    @Test func everySchemeHasEveryOutcome() {
        for scheme in [SandboxScheme.visa, .mastercard, .amex, .discover, .pure] {
            for outcome in SandboxOutcome.allCases {
                let card = SandboxTestCards.card(scheme: scheme, outcome: outcome, now: Self.now)
                #expect(card?.scheme == scheme)
                #expect(card?.outcome == outcome)
            }
        }
    }

    @Test func outcomeLookupFollowsTheTable() {
        #expect(SandboxTestCards.outcome(forPAN: "4761200000000015") == .approve)
        #expect(SandboxTestCards.outcome(forPAN: "4761200000000023") == .requireActivation)
        #expect(SandboxTestCards.outcome(forPAN: "5204240000000039") == .decline)
        #expect(SandboxTestCards.outcome(forPAN: "374200000000046") == .requireIdentityVerification)
        for card in SandboxTestCards.all(now: Self.now) {
            #expect(SandboxTestCards.outcome(forPAN: card.pan) == card.outcome)
            #expect(SandboxTestCards.card(forPAN: card.pan, now: Self.now) == card)
        }
    }

    @Test func unknownValidCardsAreApproved() {
        #expect(SandboxTestCards.outcome(forPAN: "4111111111111111") == .approve)
        #expect(SandboxTestCards.card(forPAN: "4111111111111111", now: Self.now) == nil)
    }

    @Test func numbersAreUniqueAndReferencesAreUnique() {
        let cards = SandboxTestCards.all(now: Self.now)
        #expect(Set(cards.map(\.pan)).count == cards.count)
        #expect(Set(cards.map(\.cardReference)).count == cards.count)
    }

    @Test func expiryIsDecemberThreeYearsAheadInUTC() {
        #expect(SandboxTestCards.expiration(now: Self.now) == (12, 2028))
        // 2025-12-31T23:30:00-01:00 is already 2026 in UTC.
        let newYearUTC = Date(timeIntervalSince1970: 1_767_225_600 + 1800)
        #expect(SandboxTestCards.expiration(now: newYearUTC) == (12, 2029))
        let card = SandboxTestCards.card(scheme: .visa, outcome: .approve, now: Self.now)
        #expect(card?.expiration == "12/28")
    }

    @Test func dualBrandCardCarriesTheAuxiliaryBrand() throws {
        let card = try #require(SandboxTestCards.dualBrandCard(now: Self.now))
        #expect(card.scheme == .mastercard)
        #expect(card.auxiliaryScheme == .pagoBancomat)
        #expect(card.auxiliaryProductId == SandboxTestCards.pagoBancomatProductId)
        #expect(card.isDualBrand)
        // The auxiliary brand's rule (any BIN, product id required) also accepts the number.
        let payload = try CardPayload(jsonData: card.payloadJSON())
        _ = try CardPayloadValidator.validate(
            payload, scheme: .pagoBancomat, productId: card.auxiliaryProductId, now: Self.now)
    }

    @Test func descriptionsShowOnlyTheLastFourDigits() throws {
        for card in SandboxTestCards.all(now: Self.now) {
            var dumped = ""
            dump(card, to: &dumped)
            for text in [String(describing: card), String(reflecting: card), "\(card)", dumped] {
                #expect(!text.contains(card.pan))
                #expect(!text.contains(card.expiration))
                #expect(text.contains(card.panLastFour))
            }
        }
    }

    @Test func payloadJSONHasExactlyTheFourMembers() throws {
        let card = try #require(SandboxTestCards.card(scheme: .amex, outcome: .decline, now: Self.now))
        let object = try #require(try JSONSerialization.jsonObject(with: card.payloadJSON()) as? [String: String])
        #expect(
            object == [
                "primaryAccountNumber": card.pan, "expiration": "12/28", "cardholderName": card.cardholderName,
                "cardReference": "sandbox-amex-decline",
            ])
    }
}
