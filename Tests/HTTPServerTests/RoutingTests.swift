import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct RoutingTests {
    static func router() -> Router {
        var router = Router(basePath: "/api")
        router.get("/v1/issuers/:issuerId/tokens/:tokenId/state") { request in
            try .json([
                "issuerId": try request.pathParameters.require("issuerId"),
                "tokenId": try request.pathParameters.require("tokenId"),
                "route": request.routePattern ?? "",
            ])
        }
        router.put("/v1/issuers/:issuerId/tokens/:tokenId/state") { _ in .empty() }
        router.get("/v1/items/new") { _ in .text("literal") }
        router.get("/v1/items/:id") { request in .text("param:" + (request.pathParameters["id"] ?? "")) }
        router.get("/v1/query") { request in
            var items: [[String]] = []
            for item in request.query { items.append([item.name, item.value ?? "<none>"]) }
            return try .json(["items": items, "tags": [request.query.values(for: "tag")]])
        }
        return router
    }

    @Test func namedParametersAreCapturedAndDecoded() async throws {
        try await withServer(router: Self.router()) { server in
            let url = "http://127.0.0.1:\(server.port)/api/v1/issuers/bank%201/tokens/a%2Fb/state"
            let response = try await Client.send("GET", url)
            #expect(response.status == 200)
            let json = try #require(Client.json(response.body))
            #expect(json["issuerId"] as? String == "bank 1")
            #expect(json["tokenId"] as? String == "a/b")
            #expect(json["route"] as? String == "/api/v1/issuers/:issuerId/tokens/:tokenId/state")
        }
    }

    @Test func literalSegmentsWinOverParameters() async throws {
        try await withServer(router: Self.router()) { server in
            let literal = try await curl(["http://127.0.0.1:\(server.port)/api/v1/items/new"])
            let parameter = try await curl(["http://127.0.0.1:\(server.port)/api/v1/items/42"])
            #expect(String(decoding: literal.body, as: UTF8.self) == "literal")
            #expect(String(decoding: parameter.body, as: UTF8.self) == "param:42")
        }
    }

    @Test func pathsOutsideTheBasePathAreNotFound() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await curl(["http://127.0.0.1:\(server.port)/v1/items/42"])
            #expect(response.status == 404)
            #expect(response.headers["content-type"] == "application/problem+json")
            let json = try #require(response.json)
            #expect(json["type"] as? String == ProblemType.notFound.rawValue)
            #expect(json["status"] as? Int == 404)
            #expect(json["instance"] as? String == "/v1/items/42")
        }
    }

    @Test func wrongMethodIsMethodNotAllowedWithAllowHeader() async throws {
        try await withServer(router: Self.router()) { server in
            let url = "http://127.0.0.1:\(server.port)/api/v1/issuers/i/tokens/t/state"
            let response = try await Client.send("DELETE", url)
            #expect(response.status == 405)
            #expect(Client.header("Allow", in: response.headers) == "GET, PUT, HEAD")
            let json = try #require(Client.json(response.body))
            #expect(json["type"] as? String == ProblemType.methodNotAllowed.rawValue)
            // The contract's ProblemDetails has no other members (additionalProperties: false).
            #expect(
                Set(json.keys).isSubset(of: ["type", "title", "status", "detail", "instance", "requestId", "errors"]),
                "\(json.keys)")
        }
    }

    @Test func headFallsBackToTheGetRouteWithoutABody() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await Client.send("HEAD", "http://127.0.0.1:\(server.port)/api/v1/items/new")
            #expect(response.status == 200)
            #expect(Client.header("Content-Length", in: response.headers) == "7")
            #expect(response.body.isEmpty)
        }
    }

    @Test func queryItemsArePercentDecodedAndRepeatedKeysKept() async throws {
        try await withServer(router: Self.router()) { server in
            let url =
                "http://127.0.0.1:\(server.port)/api/v1/query?name=caf%C3%A9&tag=a&tag=b%26c&plus=a+b&enc=%2B1&bare"
            let response = try await curl(["--globoff", url])
            #expect(response.status == 200)
            let json = try #require(response.json)
            let items = try #require(json["items"] as? [[String]])
            #expect(
                items == [
                    ["name", "café"], ["tag", "a"], ["tag", "b&c"], ["plus", "a b"], ["enc", "+1"], ["bare", "<none>"],
                ])
            #expect(json["tags"] as? [[String]] == [["a", "b&c"]])
        }
    }
}
