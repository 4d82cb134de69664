import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct APIPathsTests {
    @Test func pathsFollowTheRoutePatterns() throws {
        #expect(try APIPaths.provisioning(issuerId: "bank-1").path == "/v1/issuers/bank-1/applepay/provisioning")
        #expect(
            try APIPaths.tokenState(issuerId: "bank-1", tokenId: "tok_9").path
                == "/v1/issuers/bank-1/tokens/tok_9/state")
        #expect(try APIPaths.networkNotification(network: .visa).path == "/v1/networks/VISA/notifications")
        #expect(
            try APIPaths.walletCardArt(issuerId: "b", walletId: "w", cardId: "c", artType: .cardIcon).path
                == "/v1/issuers/b/wallets/w/cards/c/art/CARD_ICON")
        #expect(try APIPaths.walletDefaultCard(issuerId: "b", walletId: "w", set: true).method == .put)
    }

    @Test(arguments: ["../", "../../admin", "a/b", "a b", "tok?x=1#frag", "100%", "é/ü", "a+b&c=d", ".."])
    func hostileIdentifiersStayInsideTheirSegment(identifier: String) throws {
        let endpoint = try APIPaths.cardTokens(issuerId: "bank-1", cardRef: identifier + "x")
        let segments = endpoint.path.split(separator: "/", omittingEmptySubsequences: false)
        #expect(segments.count == 7)
        #expect(segments[1...4] == ["v1", "issuers", "bank-1", "cards"])
        #expect(segments[6] == "tokens")
        let encoded = segments[5]
        #expect(!encoded.contains("/") && !encoded.contains(".") && !encoded.contains(" "))
        #expect(!encoded.contains("?") && !encoded.contains("#") && !encoded.contains("+"))
        #expect(APIRoute.cardTokens.match(path: endpoint.path) == ["issuerId": "bank-1", "cardRef": identifier + "x"])
    }

    @Test func slashAndSpaceAreEscapedExactly() throws {
        let endpoint = try APIPaths.cardTokens(issuerId: "bank-1", cardRef: "card 42/../a")
        #expect(endpoint.path == "/v1/issuers/bank-1/cards/card%2042%2F%2E%2E%2Fa/tokens")
    }

    @Test(arguments: ["", ".", ".."])
    func emptyAndDotIdentifiersAreRefused(identifier: String) {
        #expect(throws: ProvisioningAPIError.self) { try APIPaths.tokenState(issuerId: "bank-1", tokenId: identifier) }
        #expect(throws: ProvisioningAPIError.self) { try APIPaths.tokenState(issuerId: identifier, tokenId: "t") }
    }

    @Test func routeRefusesAMissingParameter() {
        #expect(throws: ProvisioningAPIError(.invalidPathSegment, "tokenId must be a non-empty identifier")) {
            try APIRoute.tokenState.path(["issuerId": "bank-1"])
        }
    }

    @Test func matchingRejectsOtherShapesAndDotSegments() {
        let route = APIRoute.tokenState
        #expect(route.match(path: "/v1/issuers/b/tokens/t/state") == ["issuerId": "b", "tokenId": "t"])
        #expect(route.match(path: "/v1/issuers/b/tokens/t/state/extra") == nil)
        #expect(route.match(path: "/v1/issuers/b/tokens//state") == nil)
        #expect(route.match(path: "/v1/issuers/b/tokens/%2E%2E/state") == nil)
        #expect(route.match(path: "/v1/issuers/b/tokens/%zz/state") == nil)
        #expect(route.match(path: "/v1/issuers/b/tokens/%FF/state") == nil)
        #expect(route.match(path: "/v1/issuers/b/tokens/%C3%A9/state") == ["issuerId": "b", "tokenId": "é"])
        #expect(route.match(path: "/v1/issuers/b/cards/t/state") == nil)
        #expect(route.match(path: "v1/issuers/b/tokens/t/state") == nil)
    }

    @Test func urlKeepsTheConfiguredBasePath() throws {
        let endpoint = try APIPaths.tokenState(issuerId: "bank 1", tokenId: "t/1")
        let withSlash = try #require(URL(string: "https://host.example/mg/tpc/"))
        let withoutSlash = try #require(URL(string: "https://host.example/mg/tpc"))
        let expected = "https://host.example/mg/tpc/v1/issuers/bank%201/tokens/t%2F1/state"
        #expect(endpoint.url(relativeTo: withSlash)?.absoluteString == expected)
        #expect(endpoint.url(relativeTo: withoutSlash)?.absoluteString == expected)
        let root = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(try APIPaths.health().url(relativeTo: root)?.absoluteString == "http://127.0.0.1:8080/healthz")
    }

    @Test func queryValuesAreEncodedStrictly() throws {
        let query = TokenSearchQuery(state: .active, cardRef: "a&b=c", limit: 10, cursor: "ab+/=")
        let endpoint = try APIPaths.backOfficeTokens(issuerId: "bank-1", query: query)
        #expect(endpoint.encodedQuery == "state=ACTIVE&cardRef=a%26b%3Dc&limit=10&cursor=ab%2B%2F%3D")
        let base = try #require(URL(string: "https://host.example/mg/tpc"))
        let url = try #require(endpoint.url(relativeTo: base))
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(try TokenSearchQuery(queryItems: items) == query)
    }

    @Test func routePatternsAreWellFormedAndUnique() {
        for route in APIRoute.all {
            #expect(route.pattern.hasPrefix("/"))
            #expect(!route.pattern.hasSuffix("/"))
            #expect(!route.pattern.contains("//"))
            #expect(Set(route.parameterNames).count == route.parameterNames.count)
        }
        #expect(Set(APIRoute.all.map(\.operationId)).count == APIRoute.all.count)
        #expect(Set(APIRoute.all.map(\.description)).count == APIRoute.all.count)
    }

    @Test func everyRouteMatchesThePathItBuilds() throws {
        for route in APIRoute.all {
            let parameters = Dictionary(uniqueKeysWithValues: route.parameterNames.map { ($0, "\($0) ../x") })
            let path = try route.path(parameters)
            #expect(route.match(path: path) == parameters, "\(route)")
            let others = APIRoute.all.filter { $0 != route && $0.method == route.method && $0.match(path: path) != nil }
            #expect(others.isEmpty, "\(route) is ambiguous with \(others)")
        }
    }
}
