import Foundation
import ProvisioningHTTP
import Testing

@Suite(.serialized, .timeLimit(.minutes(10))) struct ConnectionTests {
    static func numberRouter() -> Router {
        var router = Router()
        router.get("/numbers/:n") { request in
            // A suspension point: the handler's task re-enqueues itself, and is run
            // inline or on the pool depending on the inline budget.
            await Task.yield()
            let value = Int(request.pathParameters["n"] ?? "") ?? -1
            return try .json(["double": value * 2])
        }
        return router
    }

    @Test func idleAndHalfSentClientsAreCutOffWhileOthersAreServed() async throws {
        let limits = HTTPServer.Limits(idleTimeout: 1)
        try await withServer(limits: limits, router: Self.numberRouter()) { server in
            let port = server.port
            async let silentClosed = onThread { () -> Bool in
                let connection = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 30)
                return connection.waitForClose()
            }
            async let halfClosed = onThread { () -> Bool in
                let connection = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 30)
                try connection.send("GET /numbers/1 HTTP/1.1\r\nHost: loc")
                return connection.waitForClose()
            }
            let session = Client.makeSession()
            for n in 0..<5 {
                let response = try await Client.send(
                    "GET", "http://127.0.0.1:\(port)/numbers/\(n)", session: session)
                #expect(Client.json(response.body)?["double"] as? Int == n * 2)
            }
            #expect(try await silentClosed)
            #expect(try await halfClosed)
        }
    }

    @Test func thousandRequestsOverSixtyFourKeepAliveConnections() async throws {
        try await withServer(router: Self.numberRouter()) { server in
            let port = server.port
            let connections = 64
            let total = 1000
            let failures = Collected<String>()
            let completed = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<connections {
                    group.addTask {
                        try await onThread {
                            let connection = try RawHTTPConnection(port: port)
                            for n in stride(from: client, to: total, by: connections) {
                                try connection.send("GET /numbers/\(n) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                                let response = try connection.readResponse()
                                let json = Client.json(Data(response.body))
                                if response.status != 200 || json?["double"] as? Int != n * 2 {
                                    failures.append("request \(n): status \(response.status)")
                                }
                                completed.increment()
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(completed.count == total)
            #expect(failures.values.isEmpty)
        }
    }

    @Test func concurrentURLSessionRequestsAreAllAnsweredCorrectly() async throws {
        try await withServer(router: Self.numberRouter()) { server in
            let session = Client.makeSession(maximumConnections: 64)
            let port = server.port
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for n in 0..<200 {
                    group.addTask {
                        let response = try await Client.send(
                            "GET", "http://127.0.0.1:\(port)/numbers/\(n)", session: session)
                        return response.status == 200 && Client.json(response.body)?["double"] as? Int == n * 2
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.count == 200)
            #expect(results.allSatisfy { $0 })
        }
    }

    @Test func connectionsBeyondTheLimitWaitUntilASlotFrees() async throws {
        let limits = HTTPServer.Limits(maxConnections: 2, idleTimeout: 30)
        try await withServer(limits: limits, router: Self.numberRouter()) { server in
            let port = server.port
            let outcome = try await onThread { () -> (servedWhileFull: Bool, servedAfterwards: Bool) in
                // Two idle connections fill a limit of 2; the server stops accepting
                // while the table is full.
                var first: RawHTTPConnection? = try RawHTTPConnection(port: port)
                let second = try RawHTTPConnection(port: port)
                let third = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 2)
                try third.send("GET /numbers/1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let servedWhileFull = (try? third.readResponse()) != nil
                first = nil
                third.setReceiveTimeout(seconds: 15)
                let servedAfterwards = (try? third.readResponse())?.status == 200
                _ = (first, second)
                return (servedWhileFull, servedAfterwards)
            }
            #expect(!outcome.servedWhileFull)
            #expect(outcome.servedAfterwards)
        }
    }

    /// A client that pipelines its requests gets every answer, in order: the
    /// connection serves them one after the other from what it has buffered
    /// (and never reads more than it answers), whether the handler answers at
    /// once or waits.
    @Test(arguments: [false, true])
    func twoThousandPipelinedRequestsInOneWriteAreAnsweredInOrder(waiting: Bool) async throws {
        var router = Router()
        router.get("/n/:n") { request in
            if waiting { await Task.yield() }
            return .text(request.pathParameters["n"] ?? "")
        }
        try await withServer(router: router) { server in
            let port = server.port
            let answers = try await onThread { () -> [String] in
                let connection = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 30)
                try connection.send((0..<2000).map { "GET /n/\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
                return try (0..<2000).map { _ in String(decoding: try connection.readResponse().body, as: UTF8.self) }
            }
            #expect(answers == (0..<2000).map(String.init))
        }
    }

    @Test func anHTTP10ClientKeepsTheConnectionOnlyWhenItAsks() async throws {
        try await withServer(router: Self.numberRouter()) { server in
            let port = server.port
            let (kept, closed) = try await onThread { () -> (Bool, Bool) in
                let keeping = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 10)
                try keeping.send("GET /numbers/1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let first = try keeping.readResponse()
                try keeping.send("GET /numbers/2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let second = try keeping.readResponse()
                let plain = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 10)
                try plain.send("GET /numbers/3 HTTP/1.0\r\n\r\n")
                let third = try plain.readResponse()
                return (
                    first.header("Connection") == "keep-alive" && second.status == 200,
                    third.header("Connection") == "close" && plain.waitForClose()
                )
            }
            #expect(kept)
            #expect(closed)
        }
    }

    /// A client that sends its request and shuts its side while the event
    /// loop is busy (so that one event carries both the bytes and the end of
    /// the stream) gets its answer and the connection closed at once, not
    /// after the idle timeout: the end raises no edge of its own afterwards.
    @Test func aRequestAndTheEndOfTheStreamInOneEventAreAnsweredThenClosed() async throws {
        var router = Router()
        router.get("/numbers/:n") { request in .text(request.pathParameters["n"] ?? "") }
        // Blocks its event loop, the only one, inline.
        router.get("/block") { _ in
            let until = ContinuousClock.now.advanced(by: .milliseconds(500))
            while ContinuousClock.now < until {}
            return .text("unblocked")
        }
        let server = HTTPServer(
            configuration: .init(
                port: 0, limits: HTTPServer.Limits(idleTimeout: 30, requestReadTimeout: .seconds(30)),
                threadPoolSize: 1),
            router: router)
        try server.start()
        let port = server.port
        let outcome = try await onThread { () -> (Int, Bool) in
            // Connected (and watched by the loop) before the loop is blocked.
            let client = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 5)
            Thread.sleep(forTimeInterval: 0.2)
            let blocker = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 10)
            try blocker.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            Thread.sleep(forTimeInterval: 0.2)
            try client.send("GET /numbers/4 HTTP/1.1\r\nHost: x\r\n\r\n")
            client.shutdownWrite()
            _ = try blocker.readResponse()
            let response = try client.readResponse()
            return (response.status, client.waitForClose())
        }
        await server.shutdown(gracePeriod: .seconds(5))
        #expect(outcome.0 == 200)
        #expect(outcome.1, "the server kept the connection after the client's end of stream")
    }
}
