import Foundation
import PushProvisioning
import Testing

@Suite("Wallet deep links", .timeLimit(.minutes(10)))
struct WalletDeepLinkTests {
    private func url(_ query: String) throws -> URL {
        try #require(URL(string: "issuerapp://wallet?" + query))
    }

    @Test("Wallet's verification link is accepted")
    func verificationLinkIsAccepted() throws {
        let link = try WalletDeepLink(
            url: try url("passTypeIdentifier=paymentpass.com.apple&serialNumber=ABC-123&action=verify"),
            acceptsDevelopmentPassType: false)
        #expect(link.serialNumber == "ABC-123")
        #expect(link.passTypeIdentifier == WalletDeepLink.paymentPassTypeIdentifier)
        #expect(link.tokenInput.serialNumber == "ABC-123")
    }

    @Test("the development pass type is accepted only when configured")
    func developmentPassTypeNeedsConfiguration() throws {
        let link = try url("passTypeIdentifier=paymentpass.com.apple.dev1&serialNumber=1&action=verify")
        #expect(throws: DeepLinkError(.developmentPassTypeRefused, "the development pass type is not accepted here")) {
            try WalletDeepLink(url: link, acceptsDevelopmentPassType: false)
        }
        #expect(try WalletDeepLink(url: link, acceptsDevelopmentPassType: true).serialNumber == "1")
    }

    @Test(
        "anything else is refused with a typed error",
        arguments: [
            ("passTypeIdentifier=paymentpass.com.apple&serialNumber=1", DeepLinkError.Code.missingParameter),
            ("passTypeIdentifier=paymentpass.com.apple&serialNumber=1&action=open", .unsupportedAction),
            ("passTypeIdentifier=pass.com.bank.coupon&serialNumber=1&action=verify", .unsupportedPassType),
            ("passTypeIdentifier=paymentpass.com.apple&serialNumber=&action=verify", .invalidSerialNumber),
            ("passTypeIdentifier=paymentpass.com.apple&serialNumber=a%20b&action=verify", .invalidSerialNumber),
            ("passTypeIdentifier=paymentpass.com.apple&serialNumber=1&action=verify&x=1", .unknownParameter),
            (
                "passTypeIdentifier=paymentpass.com.apple&serialNumber=1&serialNumber=2&action=verify",
                .duplicateParameter
            ),
            ("action=verify", .missingParameter),
        ])
    func malformedLinksAreRefused(query: String, code: DeepLinkError.Code) throws {
        let link = try url(query)
        do {
            _ = try WalletDeepLink(url: link, acceptsDevelopmentPassType: false)
            Issue.record("accepted \(query)")
        } catch {
            #expect(error.code == code)
            #expect(!error.message.contains("ABC"))
        }
    }

    @Test("a URL without a query is refused")
    func urlWithoutQueryIsRefused() throws {
        #expect(throws: DeepLinkError.self) {
            try WalletDeepLink(url: try #require(URL(string: "issuerapp://wallet")), acceptsDevelopmentPassType: false)
        }
    }
}
