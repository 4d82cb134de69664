import Foundation
import TPCDemo
import Testing

@Suite("WireRedactor", .timeLimit(.minutes(10)))
struct WireRedactorTests {
    let redactor = WireRedactor()

    @Test("card data, codes and nonces are redacted by field name at any depth")
    func redactsByFieldName() {
        let body = Data(
            #"{"scheme":"VISA","authorizationCode":"abc","card":{"primaryAccountNumber":"x","expiration":"12/29","cardholderName":"Ada"},"nonce":"bm9uY2U=","items":[{"nonceSignature":"c2ln"}]}"#
                .utf8)
        let text = redactor.redact(body: body)
        #expect(text.contains(#""scheme":"VISA""#))
        for secret in ["abc", "12/29", "Ada", "bm9uY2U=", "c2ln"] {
            #expect(!text.contains(secret), "\(secret) leaked")
        }
        #expect(text.contains(#""authorizationCode":"‹redacted›""#))
    }

    @Test("the issuer wallet's token, expiries, one-time code and payment values are redacted by name")
    func redactsWalletFields() {
        let body = Data(
            #"{"accessToken":"tok","metadata":{"panExpiry":"12/29","tokenExpiry":"11/28","auxiliaryTokenExpiry":"10/27","tokenLastDigits":"1234"},"code":"123456","unpredictableNumber":"q83v","cryptogram":"AAEC","amount":450}"#
                .utf8)
        let text = redactor.redact(body: body)
        for secret in ["tok", "12/29", "11/28", "10/27", "123456", "q83v", "AAEC"] {
            #expect(!text.contains("\"\(secret)\""), "\(secret) leaked")
        }
        #expect(text.contains(#""tokenLastDigits":"1234""#) && text.contains(#""amount":450"#))
    }

    @Test("PANs, JWTs and long base64 are redacted by value wherever they appear")
    func redactsByValue() {
        let text = redactor.redact(
            text: "card 4761 2000 0000 0015 or 4761200000000015, code eyJhbGciOi.eyJpc3Mi.c2ln, key "
                + String(repeating: "QUJD", count: 20) + " hidden card9400000000000015x")
        #expect(!text.contains("4761") && !text.contains("0015"))
        #expect(!text.contains("eyJ"))
        #expect(!text.contains("QUJDQUJD"))
        #expect(!text.contains("9400000000000015"))
        #expect(text.hasPrefix("card ‹16 digits redacted›"))
    }

    @Test("identifiers, short numbers and paths stay readable")
    func keepsIdentifiers() {
        let target = "/mg/tpc/v1/sandbox/devices/7a7c4f4c1a0953f9d17af6acb216e709/passes?cardRef=card-1&limit=200"
        #expect(redactor.redact(target: target) == target)
        let uuid = "6450de98-0a95-457a-a024-0e1bf913b1bd"
        #expect(redactor.redact(text: uuid) == uuid)
        #expect(redactor.redact(text: "suffix 0015, 200 OK") == "suffix 0015, 200 OK")
    }

    @Test("the Authorization header keeps its scheme only")
    func redactsAuthorization() {
        #expect(redactor.redact(header: "Authorization", value: "Bearer s3cr3t") == "Bearer ‹redacted›")
        #expect(redactor.redact(header: "authorization", value: "s3cr3t") == "‹redacted›")
    }

    @Test("a secret query parameter is masked")
    func redactsSecretQuery() {
        #expect(redactor.redact(target: "/x?apiKey=abc&state=ACTIVE") == "/x?apiKey=‹redacted›&state=ACTIVE")
    }
}
