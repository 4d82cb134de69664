import Foundation
import PushProvisioning
import TestSupport
import Testing

@Suite("SDK values and errors", .timeLimit(.minutes(10)))
struct SDKModelTests {
    @Test("seed scheme strings parse in any case; unknown ones do not")
    func schemeStringsParse() {
        #expect(CardScheme(schemeString: "VISA") == .Visa)
        #expect(CardScheme(schemeString: "mastercard") == .Mastercard)
        #expect(CardScheme(schemeString: " Amex ") == .Amex)
        #expect(CardScheme(schemeString: "DISCOVER") == .Discover)
        #expect(CardScheme(schemeString: "PagoBancomat") == .PagoBancomat)
        #expect(CardScheme(schemeString: "SCHEME") == nil)
        for scheme in CardScheme.allCases {
            #expect(CardScheme(schemeString: scheme.schemeString) == scheme)
        }
    }

    @Test("token actions map to the wire actions")
    func tokenActionsMap() {
        #expect(TokenState.allCases.map(\.lifecycleAction.rawValue) == ["ACTIVATE", "SUSPEND", "RESUME", "DELETE"])
    }

    @Test("server errors suggest what to do and keep the request id")
    func serverErrorsAreLocalized() {
        let error = TPCError.serverError(
            code: "urn:pushprovisioning:problem:authorization-code-expired", message: "the code has expired",
            requestId: "req-1", httpStatus: 401)
        #expect(error.requestId == "req-1")
        #expect(error.recoverySuggestion?.contains("new authorization code") == true)
        #expect(error.errorDescription?.contains("refused") == true)
        #expect(TPCError(.serviceUnavailable, "down").recoverySuggestion != nil)
    }

    @Test("descriptions of inputs never show codes or payloads")
    func inputsAreRedacted() {
        let card = TPCCard(cardReference: "card-1", primaryAccountNumberSuffix: "1234", authorizationCode: "eyJsecret")
        #expect(!card.description.contains("eyJsecret"))
        let funding = FundingCard(schemeString: "VISA", encryptedPayload: "MIIBsecret")
        #expect(!funding.description.contains("MIIBsecret"))
    }

    @Test("a malformed last4 is refused before any lookup")
    func malformedLast4IsRefused() async throws {
        try await GlobalTestLock.runIsolated {
            TPCSDK.reset()
            try TPCSDK.configure(url: "http://127.0.0.1:9/mg/tpc", issuerId: "bank")
            #expect(throws: TPCError.self) { try TPCSDK.getToken(input: GetTokenInput(last4: "12a4")) }
            TPCSDK.reset()
        }
    }

    @Test("calls before configure fail with not-configured")
    func callsBeforeConfigureFail() async throws {
        try await GlobalTestLock.runIsolated {
            TPCSDK.reset()
            do {
                _ = try TPCSDK.getToken(input: GetTokenInput(last4: "1234"))
                Issue.record("getToken worked without configuration")
            } catch let error as TPCError {
                #expect(error.code == .notConfigured)
                #expect(error.recoverySuggestion?.contains("configure") == true)
            }
        }
    }

    @Test("configure refuses unusable URLs and issuer ids")
    func configureValidates() {
        #expect(throws: TPCError.self) { try TPCConfiguration(url: "not a url", issuerId: "bank") }
        #expect(throws: TPCError.self) { try TPCConfiguration(url: "ftp://host/x", issuerId: "bank") }
        #expect(throws: TPCError.self) { try TPCConfiguration(url: "https://host/mg/tpc", issuerId: " ") }
    }

    @Test("variants resolve to a registered URL, and PROD has none by default")
    func variantsResolve() async throws {
        try await GlobalTestLock.runIsolated {
            TPCSDK.reset()
            #expect(throws: TPCError.self) { try TPCSDK.configure(variant: .PROD, issuerId: "bank") }
            try TPCSDK.configure(variant: .PPROD, issuerId: "bank")
            #expect(TPCSDK.configuration?.baseURL.absoluteString == TPCVariant.PPROD.defaultURL)
            TPCSDK.register(url: "https://tpc.bank.example/mg/tpc", for: .PROD)
            try TPCSDK.configure(variant: .PROD, issuerId: "bank")
            #expect(TPCSDK.configuration?.baseURL.host == "tpc.bank.example")
            TPCSDK.reset()
            #expect(TPCSDK.configuration == nil)
        }
    }
}
