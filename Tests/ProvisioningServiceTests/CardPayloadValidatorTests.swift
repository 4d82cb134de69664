import Foundation
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct CardPayloadValidatorTests {
    static let pan = "4111111111111111"

    static func payload(
        pan: String = pan, expiration: String = "12/29", name: String = "Ada Lovelace", reference: String = "card-0001"
    ) -> CardPayload {
        CardPayload(primaryAccountNumber: pan, expiration: expiration, cardholderName: name, cardReference: reference)
    }

    /// The issues of validating `payload`, or an empty list when it passes.
    static func issues(
        _ payload: CardPayload, scheme: CardScheme = .visa, productId: String? = nil, now: Date = Instants.midJune2025
    ) -> [FieldIssue] {
        do {
            _ = try CardPayloadValidator.validate(payload, scheme: scheme, productId: productId, now: now)
            return []
        } catch {
            #expect(error.code == .payloadInvalid)
            return error.issues
        }
    }

    @Test func validPayloadGivesTheCard() throws {
        let card = try CardPayloadValidator.validate(
            Self.payload(name: "  Ada Lovelace \n"), scheme: .visa, now: Instants.midJune2025)
        #expect(card.pan == Self.pan)
        #expect(card.panLastFour == "1111")
        #expect(card.expiration.month == 12)
        #expect(card.expiration.year == 2029)
        #expect(card.expiration.wireValue == "12/29")
        #expect(card.cardholderName == "Ada Lovelace")
        #expect(card.cardReference == "card-0001")
        #expect(card.scheme == .visa)
        #expect(card.productId == nil)
    }

    struct BINVectors: Decodable {
        struct Vector: Decodable {
            let pan: String
            let scheme: String
            let expected: String
        }
        let vectors: [Vector]
    }

    @Test func binTableMatchesPublishedVectors() throws {
        let file = try JSONDecoder().decode(BINVectors.self, from: Fixtures.data("Cards/bin-vectors.json"))
        #expect(file.vectors.count >= 30)
        for vector in file.vectors {
            let scheme = try #require(CardScheme(wireValue: vector.scheme))
            let product: String? = CardSchemeRule.rule(for: scheme).requiresProductId ? "PRODUCT-1" : nil
            let issues = Self.issues(Self.payload(pan: vector.pan), scheme: scheme, productId: product)
            let panIssue = issues.first { $0.field == "primaryAccountNumber" }?.reason.rawValue ?? "accepted"
            #expect(panIssue == vector.expected, "vector \(vector.scheme) ending \(vector.pan.suffix(4))")
            #expect(issues.allSatisfy { $0.field == "primaryAccountNumber" })
        }
    }

    @Test(arguments: [
        ("4111 1111 1111 1111", "not-digits"), ("4111-1111-1111-1111", "not-digits"), ("", "missing"),
        ("411111111111", "invalid-length"), ("41111111111111111111", "invalid-length"),
        ("4111111111111112", "luhn-check-failed"), ("5555555555554444", "scheme-mismatch"),
    ])
    func panRulesNameTheReason(pan: String, reason: String) {
        #expect(
            Self.issues(Self.payload(pan: pan)) == [
                FieldIssue(field: "primaryAccountNumber", reason: .init(rawValue: reason))
            ])
    }

    @Test(
        arguments: [
            ("12/29", nil), ("06/25", nil), ("05/25", "expired"), ("12/24", "expired"), ("00/29", "out-of-range"),
            ("13/29", "out-of-range"), ("1/29", "invalid-format"), ("12/2029", "invalid-format"),
            ("12-29", "invalid-format"),
            ("ab/cd", "invalid-format"), ("", "missing"),
        ] as [(String, String?)])
    func expiryRulesNameTheReason(expiration: String, reason: String?) {
        let expected = reason.map { [FieldIssue(field: "expiration", reason: .init(rawValue: $0))] } ?? []
        #expect(Self.issues(Self.payload(expiration: expiration)) == expected)
    }

    @Test func cardIsValidThroughTheLastInstantOfItsMonthInUTC() {
        let payload = Self.payload(expiration: "06/25")
        let lastSecond = Instants.utc(2025, 6, 30, 23, 59, 59)
        let nextMonth = Instants.utc(2025, 7, 1, 0, 0, 0)
        #expect(Self.issues(payload, now: lastSecond).isEmpty)
        #expect(Self.issues(payload, now: nextMonth) == [FieldIssue(field: "expiration", reason: .expired)])
        #expect(CardExpiration(month: 6, year: 2025)?.endOfValidity == nextMonth)
        #expect(CardExpiration(month: 12, year: 2029)?.endOfValidity == Instants.utc(2030, 1, 1, 0, 0, 0))
    }

    @Test func endOfValidityAgreesWithTheGregorianCalendarForEveryExpiry() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in 2000...2099 {
            for month in 1...12 {
                let expiry = try #require(CardExpiration(month: month, year: year))
                let next = DateComponents(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1)
                #expect(expiry.endOfValidity == calendar.date(from: next), "\(month)/\(year)")
            }
        }
    }

    @Test(
        arguments: [
            ("Al", nil), ("A", "invalid-length"), ("   ", "missing"), (String(repeating: "x", count: 26), nil),
            (String(repeating: "x", count: 27), "invalid-length"), ("Ada\u{0007}Lovelace", "invalid-characters"),
            ("Ada\u{200B}Lovelace", "invalid-characters"), ("José Müller-Ñúñez", nil), ("O'Brien", nil),
        ] as [(String, String?)])
    func nameRulesNameTheReason(name: String, reason: String?) {
        let expected = reason.map { [FieldIssue(field: "cardholderName", reason: .init(rawValue: $0))] } ?? []
        #expect(Self.issues(Self.payload(name: name)) == expected)
    }

    @Test(
        arguments: [
            ("c", nil), ("card.0001_x-Y", nil), (String(repeating: "r", count: 64), nil),
            (String(repeating: "r", count: 65), "invalid-length"), ("", "missing"), ("card 1", "invalid-characters"),
            ("card/1", "invalid-characters"), ("carte-é", "invalid-characters"),
        ] as [(String, String?)])
    func cardReferenceRulesNameTheReason(reference: String, reason: String?) {
        let expected = reason.map { [FieldIssue(field: "cardReference", reason: .init(rawValue: $0))] } ?? []
        #expect(Self.issues(Self.payload(reference: reference)) == expected)
    }

    @Test func domesticSchemesRequireAProductId() throws {
        #expect(Self.issues(Self.payload(), scheme: .pure) == [FieldIssue(field: "productId", reason: .missing)])
        #expect(
            Self.issues(Self.payload(), scheme: .pagoBancomat, productId: "") == [
                FieldIssue(field: "productId", reason: .missing)
            ])
        #expect(
            Self.issues(Self.payload(), scheme: .other("BANCONTACT")) == [
                FieldIssue(field: "productId", reason: .missing)
            ])
        #expect(
            Self.issues(Self.payload(), scheme: .pure, productId: "bad id") == [
                FieldIssue(field: "productId", reason: .invalidCharacters)
            ])
        let card = try CardPayloadValidator.validate(
            Self.payload(), scheme: .pure, productId: "PURE-DEBIT", now: Instants.midJune2025)
        #expect(card.productId == "PURE-DEBIT")
        #expect(Self.issues(Self.payload(), scheme: .visa, productId: "VISA-PLATINUM").isEmpty)
    }

    @Test func everyFailingFieldIsReportedInFieldOrder() {
        let issues = Self.issues(
            Self.payload(pan: "4111111111111112", expiration: "13/29", name: "A", reference: ""), scheme: .pure)
        #expect(
            issues.map(\.field) == [
                "primaryAccountNumber", "expiration", "cardholderName", "cardReference", "productId",
            ])
        #expect(issues.map(\.reason) == [.luhnCheckFailed, .outOfRange, .invalidLength, .missing, .missing])
    }

    @Test func errorsNeverHoldTheSubmittedValues() {
        let payload = Self.payload(
            pan: "4111111111111112", expiration: "11/24", name: "Secret Name", reference: "ref/ç")
        do {
            _ = try CardPayloadValidator.validate(payload, scheme: .visa, now: Instants.midJune2025)
            Issue.record("an invalid payload was accepted")
        } catch {
            let text = [String(describing: error), String(reflecting: error), "\(error)", error.localizedDescription]
                .joined(separator: "\n")
            for secret in ["4111111111111112", "411111", "1112", "11/24", "Secret Name", "ref/ç"] {
                #expect(!text.contains(secret), "error text holds a submitted value")
            }
            #expect(text.contains("primaryAccountNumber"))
        }
    }

    @Test func namesAreTrimmedOfExactlyWhatFoundationCallsWhitespaceAndNewlines() {
        // Every scalar of the Basic Multilingual Plane around a name, both sides.
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let padded = "\(scalar)Ada\(scalar)"
            #expect(
                CardPayloadValidator.trimmingWhitespace(padded)
                    == padded.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
        }
        #expect(CardPayloadValidator.trimmingWhitespace(" \t\n ") == "")
        #expect(CardPayloadValidator.trimmingWhitespace("Ada Lovelace") == "Ada Lovelace")
        #expect(CardPayloadValidator.trimmingWhitespace("\u{3000}Ada\u{2028}Lovelace\u{85}") == "Ada\u{2028}Lovelace")
    }
}
