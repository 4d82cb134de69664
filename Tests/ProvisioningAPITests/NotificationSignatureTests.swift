import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct NotificationSignatureTests {
    private let mac = String(repeating: "0f", count: 32)
    private let otherMAC = String(repeating: "a1", count: 32)

    @Test func headerRoundTrips() throws {
        let signature = NotificationSignature(timestamp: 1_738_315_800, signatures: [mac, otherMAC])
        #expect(signature.headerValue == "t=1738315800,v1=\(mac),v1=\(otherMAC)")
        #expect(NotificationSignature(headerValue: signature.headerValue) == signature)
        #expect(NotificationSignature.headerName == "X-PP-Signature")
    }

    @Test func unknownVersionsAreIgnoredAndSpacesTolerated() {
        let parsed = NotificationSignature(headerValue: "t=12, v0=zz, v1=\(mac)")
        #expect(parsed == NotificationSignature(timestamp: 12, signatures: [mac]))
    }

    @Test(arguments: [
        "", "t=12", "v1=0f", "t=12,v1=0F0F", "t=-1,v1=MAC", "t=1,t=2,v1=MAC", "t=abc,v1=MAC", "t=12,v1", "t=,v1=MAC",
        "t=12,v1=MACMAC",
    ])
    func malformedHeadersAreRefused(template: String) {
        let value = template.replacingOccurrences(of: "MAC", with: String(repeating: "0f", count: 32))
        #expect(NotificationSignature(headerValue: value) == nil)
    }

    @Test func signedPayloadIsTimestampDotBody() {
        let body = Data(#"{"eventId":"e"}"#.utf8)
        #expect(NotificationSignature.signedPayload(timestamp: 42, body: body) == Data(#"42.{"eventId":"e"}"#.utf8))
    }

    @Test func freshnessIsSymmetricAroundNow() {
        let now = Date(timeIntervalSince1970: 10_000)
        let window = NotificationSignature.defaultReplayWindow
        #expect(NotificationSignature(timestamp: 10_000 - 300, signatures: [mac]).isFresh(at: now, window: window))
        #expect(NotificationSignature(timestamp: 10_000 + 300, signatures: [mac]).isFresh(at: now, window: window))
        #expect(!NotificationSignature(timestamp: 10_000 - 301, signatures: [mac]).isFresh(at: now, window: window))
        #expect(!NotificationSignature(timestamp: 10_000 + 301, signatures: [mac]).isFresh(at: now, window: window))
        #expect(
            !NotificationSignature(timestamp: 10_000 - 11, signatures: [mac]).isFresh(at: now, window: .seconds(10)))
    }
}
