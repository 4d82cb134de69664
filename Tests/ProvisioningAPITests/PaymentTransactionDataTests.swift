import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct PaymentTransactionDataTests {
    private func request(
        merchant: String? = "Café", date: Date = Date(timeIntervalSince1970: 1_700_000_000.9)
    )
        -> PaymentRequest
    {
        PaymentRequest(
            cardId: "dc_1", keyId: "k_7", amount: 1250, currency: "EUR", unpredictableNumber: Data([0x0a, 0xff, 0, 1]),
            transactionDate: date, cryptogram: Data(count: 32), merchantName: merchant)
    }

    @Test func transactionDataIsTheDocumentedLines() {
        let text = String(decoding: request().transactionData, as: UTF8.self)
        #expect(text == "TPC-CRYPTOGRAM-1\ndc_1\nk_7\n1250\nEUR\nCafé\n0aff0001\n1700000000")
    }

    @Test func missingMerchantIsAnEmptyLine() {
        let text = String(decoding: request(merchant: nil).transactionData, as: UTF8.self)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[5] == "")
    }

    @Test func cryptogramIsNotPartOfTheData() {
        var other = request()
        other.cryptogram = Data(repeating: 9, count: 32)
        #expect(other.transactionData == request().transactionData)
    }
}
