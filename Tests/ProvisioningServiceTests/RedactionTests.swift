import Foundation
import Testing

@testable import ProvisioningService

/// Every way Swift turns a value into text must leave the PAN, expiry and name out.
@Suite(.timeLimit(.minutes(3))) struct RedactionTests {
    static let pan = "5555555555554444"
    static let payload = CardPayload(
        primaryAccountNumber: pan, expiration: "11/29", cardholderName: "Grace Hopper", cardReference: "card-77")

    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [
            String(describing: value), "\(value)", String(reflecting: value), dumped,
            Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }.joined(separator: ","),
        ]
    }

    static func expectNoCardData(in texts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts {
            #expect(!text.contains(pan), "PAN in \(text.prefix(20))…", sourceLocation: sourceLocation)
            #expect(!text.contains("555555"), sourceLocation: sourceLocation)
            #expect(!text.contains("11/29"), sourceLocation: sourceLocation)
            #expect(!text.contains("Grace"), sourceLocation: sourceLocation)
        }
    }

    @Test func validatedCardShowsOnlyLastFourAndReference() throws {
        let card = try CardPayloadValidator.validate(Self.payload, scheme: .mastercard, now: Instants.midJune2025)
        let texts = Self.renderings(of: card)
        Self.expectNoCardData(in: texts)
        #expect(String(describing: card).contains("4444"))
        #expect(String(describing: card).contains("card-77"))
        // The card's fields are still there for the code that needs them.
        #expect(card.pan == Self.pan)
        #expect(card.cardholderName == "Grace Hopper")
    }

    @Test func validatedCardInsideOtherValuesStaysRedacted() throws {
        let card = try CardPayloadValidator.validate(Self.payload, scheme: .mastercard, now: Instants.midJune2025)
        Self.expectNoCardData(in: Self.renderings(of: [card]))
        Self.expectNoCardData(in: Self.renderings(of: Optional(card) as Any))
        Self.expectNoCardData(in: Self.renderings(of: (card, 1)))
    }

    @Test func payloadAndExpirationAreRedacted() throws {
        Self.expectNoCardData(in: Self.renderings(of: Self.payload))
        let expiration = try #require(CardExpiration(wireValue: "11/29"))
        Self.expectNoCardData(in: Self.renderings(of: expiration))
        #expect(expiration.wireValue == "11/29")
    }
}
