import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct RequestIDAndProblemTests {
    struct OwnError: ProblemConvertible {
        var problem: ProblemDetails { ProblemDetails(.serviceUnavailable, detail: "The dependency is down.") }
    }

    struct DatabaseError: Error, CustomStringConvertible {
        var description: String { "password=hunter2 at db.internal" }
    }

    static func router() -> Router {
        var router = Router()
        router.get("/id") { request in .text(request.requestID) }
        router.get("/boom") { _ in throw DatabaseError() }
        router.get("/split") { _ in
            HTTPResponse(status: .ok, headers: ["X-Note": "a\r\nX-Injected: yes", "X-Fine": "ok"], body: [])
        }
        router.get("/conflict") { _ in throw ProblemDetails(.conflict, detail: "The item changed.") }
        router.get("/own") { _ in throw OwnError() }
        return router
    }

    @Test func requestIDIsGeneratedAndEchoed() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await Client.send("GET", "http://127.0.0.1:\(server.port)/id")
            let echoed = try #require(Client.header("X-Request-Id", in: response.headers))
            #expect(echoed.count == 32)
            #expect(RequestIdentifier.isAcceptable(echoed))
            #expect(String(decoding: response.body, as: UTF8.self) == echoed)
        }
    }

    @Test func saneIncomingRequestIDIsKept() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await curl([
                "-H", "X-Request-Id: client-42.abc:7", "http://127.0.0.1:\(server.port)/id",
            ])
            #expect(response.headers["x-request-id"] == "client-42.abc:7")
            #expect(String(decoding: response.body, as: UTF8.self) == "client-42.abc:7")
        }
    }

    @Test(arguments: ["<script>alert(1)</script>", String(repeating: "a", count: 129), "id with spaces", "évil"])
    func hostileIncomingRequestIDIsReplaced(hostile: String) async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await curl(["-H", "X-Request-Id: \(hostile)", "http://127.0.0.1:\(server.port)/id"])
            let echoed = try #require(response.headers["x-request-id"])
            #expect(echoed != hostile)
            #expect(echoed.count == 32)
        }
    }

    @Test func requestIDIsEchoedOnErrorsToo() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await curl(["-H", "X-Request-Id: trace-1", "http://127.0.0.1:\(server.port)/missing"])
            #expect(response.status == 404)
            #expect(response.headers["x-request-id"] == "trace-1")
            #expect(response.json?["requestId"] as? String == "trace-1")
        }
    }

    @Test func handlerHeadersCannotSplitTheResponse() async throws {
        try await withServer(router: Self.router()) { server in
            let port = server.port
            let response = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("GET /split HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.header("X-Fine") == "ok")
            #expect(response.header("X-Injected") == nil)
        }
    }

    @Test func unknownErrorsBecomeAGeneric500() async throws {
        let diagnostics = Collected<String>()
        let observers = HTTPServerObservers(diagnostics: { diagnostics.append($0) })
        try await withServer(observers: observers, router: Self.router()) { server in
            let response = try await curl(["http://127.0.0.1:\(server.port)/boom"])
            #expect(response.status == 500)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(!text.contains("hunter2"))
            let json = try #require(response.json)
            #expect(json["type"] as? String == ProblemType.internal.rawValue)
            #expect(json["detail"] as? String == "The server could not complete the request.")
            #expect(diagnostics.values.contains { $0.contains("DatabaseError") })
            #expect(!diagnostics.values.contains { $0.contains("hunter2") })
        }
    }

    @Test func thrownProblemHasTheProblemShape() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await curl(["http://127.0.0.1:\(server.port)/conflict"])
            #expect(response.status == 409)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.headers["retry-after"] == nil)
            let problem = try JSONDecoder().decode(ProblemDetails.self, from: response.body)
            #expect(problem.type == .conflict)
            #expect(problem.title == ProblemType.conflict.title)
            #expect(problem.status == 409)
            #expect(problem.detail == "The item changed.")
            #expect(problem.instance == "/conflict")
            #expect(problem.requestId == response.headers["x-request-id"])
        }
    }

    /// A module's own error that names its problem is answered with it, and a
    /// 503 tells the client when to retry.
    @Test func problemConvertibleErrorIsAnsweredWithItsProblem() async throws {
        let failures = Collected<String>()
        let observers = HTTPServerObservers(handlerFailed: { _, error in failures.append("\(type(of: error))") })
        try await withServer(observers: observers, router: Self.router()) { server in
            let response = try await curl(["http://127.0.0.1:\(server.port)/own"])
            #expect(response.status == 503)
            #expect(response.headers["retry-after"] == "1")
            let problem = try JSONDecoder().decode(ProblemDetails.self, from: response.body)
            #expect(problem.type == .serviceUnavailable)
            #expect(problem.detail == "The dependency is down.")
            #expect(failures.values == ["OwnError"])
        }
    }

    @Test func accessLogAndMetricsSeeEveryRequestWithoutQueryValues() async throws {
        let records = Collected<CompletedRequest>()
        let metrics = Collected<CompletedRequest>()
        let observers = HTTPServerObservers(accessLog: { records.append($0) }, requestCompleted: { metrics.append($0) })
        var router = Router()
        router.get("/items/:id") { _ in .text("ok") }
        try await withServer(observers: observers, router: router) { server in
            _ = try await curl(["http://127.0.0.1:\(server.port)/items/9?secret=s3cr3t"])
            _ = try await curl(["-X", "POST", "http://127.0.0.1:\(server.port)/items/9"])
            #expect(await eventually { records.values.count == 2 && metrics.values.count == 2 })
            let first = try #require(records.values.first)
            #expect(first.path == "/items/9")
            #expect(first.routePattern == "/items/:id")
            #expect(first.status == .ok)
            #expect(first.method == .get)
            #expect(!String(describing: first).contains("s3cr3t"))
            #expect(records.values.last?.status == .methodNotAllowed)
            #expect(metrics.values.map(\.requestID) == records.values.map(\.requestID))
        }
    }
}
