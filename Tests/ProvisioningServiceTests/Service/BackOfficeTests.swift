import Foundation
import ProvisioningAPI
import ProvisioningService
import Testing

@Suite(.serialized, .timeLimit(.minutes(3))) struct BackOfficeTests {
    @Test func keyOfTheIssuerFindsItsTokensNewestFirst() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken("tok-a")
        _ = try await harness.provisionedToken("tok-b")
        let headers = ["Authorization": "Bearer \(harness.bank.backOfficeKey)"]
        let first = try await harness.send("GET", "/v1/issuers/bank-1/backoffice/tokens?limit=1", headers: headers)
        #expect(first.status == 200)
        let page = try first.decode(TokenSearchResponse.self)
        #expect(page.tokens.map(\.tokenId) == ["tok-b"])
        let cursor = try #require(page.nextCursor)
        let second = try await harness.send(
            "GET", "/v1/issuers/bank-1/backoffice/tokens?limit=1&cursor=\(cursor)", headers: headers)
        let last = try second.decode(TokenSearchResponse.self)
        #expect(last.tokens.map(\.tokenId) == ["tok-a"])
        #expect(last.nextCursor == nil)
        let suspended = try await harness.send(
            "GET", "/v1/issuers/bank-1/backoffice/tokens?state=SUSPENDED", headers: headers)
        #expect(try suspended.decode(TokenSearchResponse.self).tokens.isEmpty)
        await harness.stop()
    }

    @Test func missingOrWrongKeyIsUnauthorized() async throws {
        let harness = try await ServiceHarness()
        let none = try await harness.send("GET", "/v1/issuers/bank-1/backoffice/tokens")
        #expect(none.status == 401)
        #expect(none.problem?.type == .unauthorized)
        let wrong = try await harness.send(
            "GET", "/v1/issuers/bank-1/backoffice/tokens", headers: ["Authorization": "Bearer nope"])
        #expect(wrong.status == 401)
        await harness.stop()
    }

    @Test func keyOfAnotherIssuerSeesNothing() async throws {
        let harness = try await ServiceHarness()
        let response = try await harness.send(
            "GET", "/v1/issuers/bank-1/backoffice/tokens",
            headers: ["Authorization": "Bearer \(harness.otherBank.backOfficeKey)"])
        #expect(response.status == 404)
        await harness.stop()
    }

    @Test func operatorStateChangeIsAudited() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let headers = ["Authorization": "Bearer \(harness.bank.backOfficeKey)"]
        let change = try await harness.post(
            "/v1/issuers/bank-1/backoffice/tokens/tok-1/state",
            BackOfficeTokenStateChangeRequest(action: .suspend, reason: "fraud check"), headers: headers)
        #expect(try change.decode(TokenStateChangeResponse.self).state == .suspended)
        let audit = try await harness.send(
            "GET", "/v1/issuers/bank-1/backoffice/audit?action=token.suspend", headers: headers)
        let events = try audit.decode(AuditEventsResponse.self).events
        #expect(events.map(\.actor) == ["back-office"])
        #expect(events.first?.tokenId == "tok-1")
        #expect(events.first?.detail == "fraud check", "the operator's reason reaches the audit log")
        await harness.stop()
    }

    @Test(arguments: [
        ("501 characters", String(repeating: "é", count: 501), FieldProblemReason.tooLong),
        ("a card number", "customer read 4761 2000 0000 0015 then 4761200000000015", .malformed),
    ])
    func reasonsOutsideTheContractAreRefusedAndChangeNothing(
        name: String, reason: String, expected: FieldProblemReason
    ) async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let headers = ["Authorization": "Bearer \(harness.bank.backOfficeKey)"]
        let change = try await harness.post(
            "/v1/issuers/bank-1/backoffice/tokens/tok-1/state",
            BackOfficeTokenStateChangeRequest(action: .suspend, reason: reason), headers: headers)
        #expect(change.status == 422, "\(name)")
        #expect(change.problem?.errors?.first?.reason == expected, "\(name)")
        let audit = try await harness.send(
            "GET", "/v1/issuers/bank-1/backoffice/audit?action=token.suspend", headers: headers)
        #expect(try audit.decode(AuditEventsResponse.self).events.isEmpty, "\(name)")
        await harness.stop()
    }
}
