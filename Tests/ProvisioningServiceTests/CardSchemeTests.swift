import Foundation
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct CardSchemeTests {
    @Test func wireNamesParseCaseInsensitively() {
        #expect(CardScheme(wireValue: "VISA") == .visa)
        #expect(CardScheme(wireValue: "visa") == .visa)
        #expect(CardScheme(wireValue: "MasterCard") == .mastercard)
        #expect(CardScheme(wireValue: "amex") == .amex)
        #expect(CardScheme(wireValue: "Discover") == .discover)
        #expect(CardScheme(wireValue: "pagobancomat") == .pagoBancomat)
        #expect(CardScheme(wireValue: "PURE") == .pure)
    }

    @Test func otherNamesBecomeUpperCasedOther() {
        #expect(CardScheme(wireValue: "Bancontact") == .other("BANCONTACT"))
        #expect(CardScheme(wireValue: "cartes_bancaires") == .other("CARTES_BANCAIRES"))
    }

    @Test(arguments: ["", "VISA ", "4111111111111111 VISA", "visa/x", String(repeating: "A", count: 33)])
    func malformedNamesAreRefused(_ name: String) {
        #expect(CardScheme(wireValue: name) == nil)
    }

    @Test func wireValueRoundTrips() {
        for scheme in CardScheme.known + [.other("BANCONTACT")] {
            #expect(CardScheme(wireValue: scheme.wireValue) == scheme)
        }
    }

    @Test func codableUsesWireNames() throws {
        let data = try JSONEncoder().encode([CardScheme.mastercard, .pagoBancomat])
        #expect(String(decoding: data, as: UTF8.self) == #"["MASTERCARD","PAGOBANCOMAT"]"#)
        #expect(try JSONDecoder().decode([CardScheme].self, from: Data(#"["amex","pure"]"#.utf8)) == [.amex, .pure])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CardScheme].self, from: Data(#"["a b"]"#.utf8))
        }
    }
}
