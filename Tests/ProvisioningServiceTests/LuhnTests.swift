import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct LuhnTests {
    // Published examples: ISO/IEC 7812 annex B's worked example (79927398713) and
    // the card networks' documented test numbers.
    @Test(arguments: [
        "79927398713", "4111111111111111", "4012888888881881", "5555555555554444", "5105105105105100",
        "378282246310005", "371449635398431", "6011111111111117", "6011000990139424", "3056930009020004",
        "4222222222222", "0000000000000000",
    ])
    func publishedValidNumbersPass(_ number: String) {
        #expect(Luhn.isValid(number))
    }

    @Test(arguments: [
        "79927398710", "79927398711", "79927398712", "79927398714", "4111111111111112", "5555555555554443",
        "378282246310006", "6011111111111118",
    ])
    func singleDigitChangesFail(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test func adjacentTranspositionIsCaught() {
        #expect(Luhn.isValid("4012888888881881"))
        #expect(!Luhn.isValid("4102888888881881"))
    }

    @Test(arguments: ["", "7", "4111 1111 1111 1111", "4111-1111-1111-1111", "41111111111111a1", "٤١١١١١١١١١١١١١١١"])
    func nonDigitsAndTooShortFail(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test func checkDigitMatchesPublishedNumbers() {
        #expect(Luhn.checkDigit(forPayload: "7992739871") == 3)
        #expect(Luhn.checkDigit(forPayload: "411111111111111") == 1)
        #expect(Luhn.checkDigit(forPayload: "37828224631000") == 5)
        #expect(Luhn.checkDigit(forPayload: "0") == 0)
    }

    @Test func checkDigitOfNonDigitsIsNil() {
        #expect(Luhn.checkDigit(forPayload: "") == nil)
        #expect(Luhn.checkDigit(forPayload: "12a4") == nil)
    }

    @Test func everyComputedCheckDigitMakesAValidNumber() {
        for payload in ["4", "52", "601100", "3742000000000", "123456789012345678"] {
            guard let digit = Luhn.checkDigit(forPayload: payload) else {
                Issue.record("no check digit for a digit string")
                continue
            }
            #expect(Luhn.isValid(payload + String(digit)))
            #expect(!Luhn.isValid(payload + String((digit + 1) % 10)))
        }
    }
}
