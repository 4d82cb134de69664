import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import Testing

@Suite(.serialized, .timeLimit(.minutes(3))) struct NotificationTests {
    @Test func createdEventRegistersTheTokenForTheProvisionedCard() async throws {
        let harness = try await ServiceHarness()
        let provisioned = try await harness.provision(try harness.provisioningRequest())
        let provisioningId = try provisioned.decode(ApplePayProvisioningResponse.self).provisioningId
        let response = try await harness.notifyCreated(
            tokenId: "tok-1", provisioningId: provisioningId, eventId: "evt-1")
        #expect(response.status == 202)
        #expect(try response.decode(TokenEventReceipt.self) == TokenEventReceipt(eventId: "evt-1", duplicate: false))
        let code = try harness.bank.code(scope: "tokens:read", now: harness.now)
        let list = try await harness.send(
            "GET", "/v1/issuers/bank-1/cards/card-1/tokens", headers: ["Authorization": "Bearer \(code)"])
        let tokens = try list.decode(CardTokensResponse.self).tokens
        #expect(tokens.map(\.tokenId) == ["tok-1"])
        #expect(tokens.first?.state == .active)
        #expect(tokens.first?.panSuffix == TestCard.lastFour)
        #expect(tokens.first?.tokenSuffix == "4242")
        #expect(tokens.first?.device.name == "Ada's iPhone")
        await harness.stop()
    }

    @Test func replayedEventIdIsAcknowledgedWithoutEffect() async throws {
        let harness = try await ServiceHarness()
        let provisioningId = try await harness.provisionedToken()
        let again = try await harness.notifyCreated(
            tokenId: "tok-1", provisioningId: provisioningId, state: .inactive, eventId: "evt-same")
        #expect(try again.decode(TokenEventReceipt.self).duplicate == false)
        let before = try await harness.rowCounts()
        let replay = try await harness.notifyCreated(
            tokenId: "tok-1", provisioningId: provisioningId, state: .active, eventId: "evt-same")
        #expect(replay.status == 202)
        #expect(try replay.decode(TokenEventReceipt.self).duplicate)
        #expect(try await harness.rowCounts() == before)
        await harness.stop()
    }

    static func event(issuerId: String = "bank-1") -> TokenEventNotification {
        TokenEventNotification(
            eventId: "evt-x", issuerId: issuerId, tokenId: "tok-1", event: .suspended, state: .suspended,
            occurredAt: Instants.midJune2025)
    }

    @Test func badSignatureIsRefused() async throws {
        let harness = try await ServiceHarness()
        let response = try await harness.notify(Self.event(), secret: try SecureRandom.bytes(count: 32))
        #expect(response.status == 401)
        #expect(response.problem?.type == .notificationSignatureInvalid)
        #expect(try await harness.count("notification_events") == 0)
        await harness.stop()
    }

    @Test func unsignedNotificationIsRefused() async throws {
        let harness = try await ServiceHarness()
        let body = try JSONEncoder.provisioningAPI.encode(Self.event())
        let response = try await harness.send("POST", "/v1/networks/VISA/notifications", body: body)
        #expect(response.status == 401)
        #expect(response.problem?.type == .notificationSignatureInvalid)
        await harness.stop()
    }

    @Test func signatureOfAnotherIssuerIsRefused() async throws {
        let harness = try await ServiceHarness()
        let response = try await harness.notify(Self.event(), issuer: harness.otherBank)
        #expect(response.problem?.type == .notificationSignatureInvalid)
        await harness.stop()
    }

    @Test func staleNotificationIsRefused() async throws {
        let harness = try await ServiceHarness()
        let stale = Int64(harness.now.timeIntervalSince1970) - 301
        let response = try await harness.notify(Self.event(), timestamp: stale)
        #expect(response.status == 401)
        #expect(response.problem?.type == .notificationStale)
        #expect(try await harness.count("notification_events") == 0)
        await harness.stop()
    }

    @Test func unknownIssuerIsRefusedLikeABadSignature() async throws {
        let harness = try await ServiceHarness()
        let response = try await harness.notify(Self.event(issuerId: "bank-404"))
        #expect(response.status == 401)
        #expect(response.problem?.type == .notificationSignatureInvalid)
        await harness.stop()
    }

    @Test func olderEventDoesNotOverrideANewerOne() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let suspended = TokenEventNotification(
            eventId: "evt-late", issuerId: "bank-1", tokenId: "tok-1", event: .suspended, state: .suspended,
            occurredAt: harness.now.addingTimeInterval(10))
        #expect(try await harness.notify(suspended).status == 202)
        let older = TokenEventNotification(
            eventId: "evt-early", issuerId: "bank-1", tokenId: "tok-1", event: .resumed, state: .active,
            occurredAt: harness.now.addingTimeInterval(5))
        #expect(try await harness.notify(older).status == 202)
        let state = try await harness.database.queryFirst("SELECT state FROM tokens")?.decode(
            String.self, column: "state")
        #expect(state == "suspended")
        await harness.stop()
    }
}
