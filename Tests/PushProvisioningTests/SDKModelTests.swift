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
        let error = TPCError(
            .serverError, "the code has expired", requestId: "req-1",
            problemType: "urn:pushprovisioning:problem:authorization-code-expired", httpStatus: 401)
        #expect(error.requestId == "req-1")
        #expect(error.problemType == "urn:pushprovisioning:problem:authorization-code-expired")
        #expect(error.message == "the code has expired")
        #expect(error.recoverySuggestion?.contains("new authorization code") == true)
        #expect(error.errorDescription?.contains("refused") == true)
        #expect(TPCError(.serviceUnavailable, "down").recoverySuggestion != nil)
    }

    @Test("TPCError matches TPC SDK 2.7's published cases and associated values")
    func publishedCasesMatch() {
        let errors: [any Error] = [
            TPCError(
                .serverError, "the code was already used", requestId: "req-9", problemType: "urn:x:replayed",
                httpStatus: 409),
            TPCError.notConfigured, TPCError.invalidArgument("last4"), TPCError.invalidFormat("url"),
            TPCError.internalInconsistency("state"), TPCError.notSupported("rsa"), TPCError.deviceEnvironmentUnsafe(3),
        ]
        var matched: [String] = []
        for error in errors {
            guard let error = error as? TPCError else { continue }
            switch error {
            case .notConfigured: matched.append("notConfigured")
            case .invalidArgument(let message): matched.append("invalidArgument:\(message)")
            case .invalidFormat(let message): matched.append("invalidFormat:\(message)")
            case .internalInconsistency(let message): matched.append("internalInconsistency:\(message)")
            case .serverError(let code, let message):
                let text: String = message
                matched.append("serverError:\(code):\(text.hasPrefix("the code was already used"))")
            case .notSupported(let message): matched.append("notSupported:\(message)")
            case .deviceEnvironmentUnsafe(let reason): matched.append("deviceEnvironmentUnsafe:\(reason)")
            default: matched.append("other")
            }
        }
        #expect(
            matched == [
                "serverError:409:true", "notConfigured", "invalidArgument:last4", "invalidFormat:url",
                "internalInconsistency:state", "notSupported:rsa", "deviceEnvironmentUnsafe:3",
            ])
    }

    @Test("the request id can be set, read back and replaced, and local errors carry none")
    func requestIdRoundTrips() {
        var error = TPCError.timedOut("no answer within 15 s")
        #expect(error.requestId == nil)
        error.requestId = "abc-1"
        #expect(error.requestId == "abc-1")
        #expect(error.message == "no answer within 15 s")
        #expect(error == .timedOut("no answer within 15 s (request abc-1)"))
        error.requestId = nil
        #expect(error == .timedOut("no answer within 15 s"))
        var local = TPCError.notConfigured
        local.requestId = "ignored"
        #expect(local.requestId == nil && local == .notConfigured)
        // A message that merely ends in parentheses keeps them.
        #expect(TPCError.invalidArgument("the suffix (last four)").message == "the suffix (last four)")
    }

    @Test("descriptions of inputs never show codes or payloads")
    func inputsAreRedacted() {
        let card = TPCCard(cardReference: "card-1", primaryAccountNumberSuffix: "1234", authorizationCode: "eyJsecret")
        #expect(!card.description.contains("eyJsecret"))
        let funding = (LegacyFundingCardMaker() as any FundingCardMaking).make(
            schemeString: "VISA", encryptedPayload: "MIIBsecret")
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

/// Makes a `FundingCard` through its deprecated initializer, which the seed
/// API still offers and whose description must stay redacted; called through
/// a protocol so that the test itself carries no deprecation warning.
private protocol FundingCardMaking {
    func make(schemeString: String, encryptedPayload: String) -> FundingCard
}

private struct LegacyFundingCardMaker: FundingCardMaking {
    @available(*, deprecated)
    func make(schemeString: String, encryptedPayload: String) -> FundingCard {
        FundingCard(schemeString: schemeString, encryptedPayload: encryptedPayload)
    }
}
