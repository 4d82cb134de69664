import ProvisioningAPI
import Testing

@testable import ProvisioningHTTP

@Suite(.timeLimit(.minutes(10))) struct RouterTests {
    @Test func patternsMatchOnlyWholePaths() {
        let pattern = RoutePattern("/v1/issuers/:issuerId/tokens/:tokenId/state")
        #expect(pattern.match(["v1", "issuers", "i", "tokens", "t", "state"])?["tokenId"] == "t")
        #expect(pattern.match(["v1", "issuers", "i", "tokens", "t"]) == nil)
        #expect(pattern.match(["v1", "issuers", "", "tokens", "t", "state"]) == nil)
        #expect(pattern.description == "/v1/issuers/:issuerId/tokens/:tokenId/state")
    }

    @Test func unknownPathAndWrongMethodAreDistinguished() {
        var router = Router()
        router.post("/things") { _ in .empty() }
        router.get("/things") { _ in .empty() }
        switch router.resolve(method: .delete, components: ["things"]) {
        case .methodNotAllowed(let allowed): #expect(allowed == [.post, .get, .head])
        default: Issue.record("expected 405")
        }
        switch router.resolve(method: .get, components: ["other"]) {
        case .notFound: break
        default: Issue.record("expected 404")
        }
    }

    @Test func basePathIsPrefixedToEveryRoute() {
        var router = Router(basePath: "/api/")
        router.get("/ping") { _ in .empty() }
        switch router.resolve(method: .get, components: ["api", "ping"]) {
        case .matched(let route, _): #expect(route.pattern.description == "/api/ping")
        default: Issue.record("expected a match")
        }
    }
}
