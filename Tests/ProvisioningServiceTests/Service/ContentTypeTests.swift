import ProvisioningHTTP
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct ContentTypeTests {
    @Test(arguments: [
        "application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/problem+json",
        "Application/Vnd.Api+Json", "text/json",
    ])
    func jsonMediaTypesAreAccepted(contentType: String) {
        #expect(Router.namesJSON(contentType))
    }

    @Test(arguments: ["", "text/plain", "application/jso", "application/x-www-form-urlencoded", "jso n", "ǰson"])
    func otherMediaTypesAreRefused(contentType: String) {
        #expect(!Router.namesJSON(contentType))
    }

    @Test func agreesWithLowercasedContainsOnASCII() {
        var state: UInt64 = 7
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 9) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(Array("jJsSoOnN/+; x".utf8)[Int(state >> 33) % 13])
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Router.namesJSON(text) == text.lowercased().contains("json"), "\(text)")
        }
    }
}
