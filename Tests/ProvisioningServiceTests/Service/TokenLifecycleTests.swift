import Foundation
import ProvisioningAPI
import ProvisioningService
import Testing

@Suite(.serialized, .timeLimit(.minutes(3))) struct TokenLifecycleTests {
    func change(
        _ harness: ServiceHarness, _ action: TokenLifecycleAction, tokenId: String = "tok-1", issuer: TestIssuer? = nil,
        code: String? = nil, tokenRequestorId: String = "40010030273"
    ) async throws -> ServiceHarness.Response {
        let issuer = issuer ?? harness.bank
        let scope = "token:" + action.rawValue.lowercased()
        let request = TokenStateChangeRequest(
            action: action, tokenRequestorId: tokenRequestorId, scheme: .visa,
            authorizationCode: try code ?? issuer.code(scope: scope, now: harness.now, tokenId: tokenId))
        return try await harness.post("/v1/issuers/\(issuer.id)/tokens/\(tokenId)/state", request)
    }

    @Test func suspendResumeAndDeleteMoveTheToken() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        for (action, state) in [
            (TokenLifecycleAction.suspend, TokenStatus.suspended), (.resume, .active), (.delete, .deleted),
        ] {
            let response = try await change(harness, action)
            #expect(response.status == 200)
            #expect(try response.decode(TokenStateChangeResponse.self).state == state)
        }
        #expect(harness.connector.commands.map(\.action) == [.suspend, .resume, .delete])
        #expect(Set(harness.connector.commands.map(\.idempotencyKey)).count == 3)
        await harness.stop()
    }

    @Test func activateMovesAnInactiveToken() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken(state: .inactive)
        let response = try await change(harness, .activate)
        #expect(try response.decode(TokenStateChangeResponse.self).state == .active)
        await harness.stop()
    }

    @Test func illegalMoveIsAConflictAndReachesNoNetwork() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let response = try await change(harness, .resume)
        #expect(response.status == 409)
        #expect(response.problem?.type == .illegalTransition)
        #expect(harness.connector.commands.isEmpty)
        await harness.stop()
    }

    /// A network may hold a token suspended for several parties (MDES's
    /// suspenders): the issuer may join another's suspension, so the network,
    /// not the registry, decides a suspend of a suspended token.
    @Test func suspendingASuspendedTokenIsTheNetworksToDecide() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        #expect(try await change(harness, .suspend).status == 200)
        let joined = try await change(harness, .suspend)
        #expect(joined.status == 200)
        #expect(try joined.decode(TokenStateChangeResponse.self).state == .suspended)
        #expect(harness.connector.commands.map(\.action) == [.suspend, .suspend])

        harness.connector.failNext(with: [ServiceError(.networkRejected, "already suspended by the issuer")])
        let refused = try await change(harness, .suspend)
        #expect(refused.status == 409)
        #expect(refused.problem?.type == .illegalTransition)
        #expect(harness.connector.commands.count == 3)
        await harness.stop()
    }

    @Test func emptyTokenRequestorMeansTheTokensOwn() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let response = try await change(harness, .suspend, tokenRequestorId: "")
        #expect(response.status == 200)
        #expect(try response.decode(TokenStateChangeResponse.self).state == .suspended)
        #expect(harness.connector.commands.map(\.tokenRequestorId) == ["40010030273"])
        await harness.stop()
    }

    @Test func mismatchingTokenRequestorIsRefused() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let response = try await change(harness, .suspend, tokenRequestorId: "50110030273")
        #expect(response.status == 422)
        #expect(response.problem?.type == .invalidField)
        #expect(response.problem?.errors?.map(\.field) == ["/tokenRequestorId"])
        #expect(harness.connector.commands.isEmpty)
        await harness.stop()
    }

    @Test func codeForAnotherTokenIsRefused() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let code = try harness.bank.code(scope: "token:suspend", now: harness.now, tokenId: "tok-2")
        let response = try await change(harness, .suspend, code: code)
        #expect(response.status == 403)
        #expect(response.problem?.type == .authorizationCodeScope)
        await harness.stop()
    }

    @Test func anotherIssuersTokenIsNotFound() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let response = try await change(harness, .suspend, issuer: harness.otherBank)
        #expect(response.status == 404)
        #expect(response.problem?.type == .notFound)
        #expect(harness.connector.commands.isEmpty)
        await harness.stop()
    }

    @Test func unavailableNetworkIsRetriedOnceWithTheSameKey() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        harness.connector.failNext(with: [ServiceError(.networkUnavailable, "timeout")])
        let response = try await change(harness, .suspend)
        #expect(response.status == 200)
        let keys = harness.connector.commands.map(\.idempotencyKey)
        #expect(keys.count == 2)
        #expect(Set(keys).count == 1)
        await harness.stop()
    }

    @Test func aChangeToANetworkWithoutIdempotencyIsNotRepeated() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        harness.connector.setIdempotent(false)
        harness.connector.failNext(with: [ServiceError(.networkUnavailable, "timeout")])
        let response = try await change(harness, .suspend)
        #expect(response.status == 502)
        #expect(response.problem?.type == .upstreamNetworkError)
        #expect(harness.connector.commands.count == 1)
        await harness.stop()
    }

    @Test func persistentlyUnavailableNetworkIsAnUpstreamProblem() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        harness.connector.failNext(with: [
            ServiceError(.networkUnavailable, "down"), ServiceError(.networkUnavailable, "down"),
        ])
        let response = try await change(harness, .suspend)
        #expect(response.status == 502)
        #expect(response.problem?.type == .upstreamNetworkError)
        let state = try await harness.database.queryFirst("SELECT state FROM tokens")?.decode(
            String.self, column: "state")
        #expect(state == "active")
        await harness.stop()
    }

    @Test func cardTokensNeedACodeBoundToTheCard() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provisionedToken()
        let none = try await harness.send("GET", "/v1/issuers/bank-1/cards/card-1/tokens")
        #expect(none.status == 401)
        let other = try harness.bank.code(scope: "tokens:read", now: harness.now, cardRef: "card-2")
        let wrong = try await harness.send(
            "GET", "/v1/issuers/bank-1/cards/card-1/tokens", headers: ["Authorization": "Bearer \(other)"])
        #expect(wrong.status == 403)
        let foreign = try harness.otherBank.code(scope: "tokens:read", now: harness.now)
        let isolated = try await harness.send(
            "GET", "/v1/issuers/bank-2/cards/card-1/tokens", headers: ["Authorization": "Bearer \(foreign)"])
        #expect(try isolated.decode(CardTokensResponse.self).tokens.isEmpty)
        await harness.stop()
    }
}
