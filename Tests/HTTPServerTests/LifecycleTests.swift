import Foundation
import ProvisioningAPI
import TestSupport
import Testing

@testable import ProvisioningHTTP

@Suite(.serialized, .timeLimit(.minutes(10))) struct LifecycleTests {
    @Test func gracefulShutdownLetsInFlightHandlersFinishAndRefusesNewConnections() async throws {
        let gate = Gate()
        let entered = Counter()
        var router = Router()
        router.get("/slow/:n") { request in
            entered.increment()
            await gate.wait()
            return .text("done " + (request.pathParameters["n"] ?? ""))
        }
        let server = HTTPServer(configuration: .init(port: 0, threadPoolSize: 2), router: router)
        try server.start()
        let port = server.port

        let session = Client.makeSession()
        let inFlight = (0..<3).map { n in
            Task { try await Client.send("GET", "http://127.0.0.1:\(port)/slow/\(n)", session: session) }
        }
        #expect(await eventually { entered.count == 3 })

        let shutdown = Task { await server.shutdown(gracePeriod: .seconds(30)) }
        let refused = await eventually {
            (try? RawHTTPConnection(port: port, receiveTimeoutSeconds: 1)) == nil
        }
        #expect(refused)

        gate.open()
        for (n, task) in inFlight.enumerated() {
            let response = try await task.value
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "done \(n)")
        }
        await shutdown.value
        #expect(server.port == 0)
    }

    @Test func gracefulShutdownWaitsForAHandlerBetweenTwoOfItsWaits() async throws {
        let entered = Counter()
        var router = Router()
        // Many short waits, each completing on another thread: between a wait's end
        // and the next wait the request is resumed and not suspended.
        router.get("/steps") { _ in
            entered.increment()
            for _ in 0..<100 {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    Thread {
                        Thread.sleep(forTimeInterval: 0.002)
                        continuation.resume()
                    }.start()
                }
            }
            return .text("all steps")
        }
        let server = HTTPServer(configuration: .init(port: 0, threadPoolSize: 2), router: router)
        try server.start()
        let port = server.port
        let inFlight = Task { try await Client.send("GET", "http://127.0.0.1:\(port)/steps") }
        #expect(await eventually { entered.count == 1 })
        await server.shutdown(gracePeriod: .seconds(30))
        let response = try await inFlight.value
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "all steps")
    }

    @Test func shutdownAnswers503ToHandlersThatOutliveTheGracePeriod() async throws {
        let cancelled = Flag()
        let entered = Counter()
        var router = Router()
        router.get("/stuck") { _ in
            entered.increment()
            await withTaskCancellationHandler {
                await Gate().wait()
            } onCancel: {
                cancelled.set()
            }
            return .text("too late")
        }
        let server = HTTPServer(configuration: .init(port: 0, threadPoolSize: 2), router: router)
        try server.start()
        let port = server.port
        let request = Task { try await curl(["http://127.0.0.1:\(port)/stuck"]) }
        #expect(await eventually { entered.count == 1 })
        await server.shutdown(gracePeriod: .milliseconds(100))
        let response = try await request.value
        #expect(response.status == 503)
        #expect(response.json?["type"] as? String == ProblemType.shuttingDown.rawValue)
        #expect(cancelled.isSet)
    }

    @Test func handlerPastItsDeadlineIsAnswered503AndCancelled() async throws {
        let cancelled = Flag()
        let finishedAnyway = Flag()
        var router = Router()
        router.get("/stuck") { _ in
            await withTaskCancellationHandler {
                await Gate().wait()
            } onCancel: {
                cancelled.set()
            }
            finishedAnyway.set()
            return .text("too late")
        }
        router.get("/fast") { _ in .text("fast") }
        let limits = HTTPServer.Limits(handlerDeadline: .milliseconds(200))
        try await withServer(limits: limits, router: router) { server in
            let response = try await curl(["http://127.0.0.1:\(server.port)/stuck"])
            #expect(response.status == 503)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.json?["type"] as? String == ProblemType.handlerTimeout.rawValue)
            #expect(await eventually { cancelled.isSet })
            let fast = try await curl(["http://127.0.0.1:\(server.port)/fast"])
            #expect(fast.status == 200)
        }
    }

    @Test func cooperativeHandlerSeesCancellationAtItsDeadline() async throws {
        let sawCancellation = Flag()
        var router = Router()
        router.get("/sleepy") { _ in
            do {
                try await Task.sleep(for: .seconds(60))
            } catch is CancellationError {
                sawCancellation.set()
                throw CancellationError()
            }
            return .text("slept")
        }
        let limits = HTTPServer.Limits(handlerDeadline: .milliseconds(100))
        try await withServer(limits: limits, router: router) { server in
            let response = try await Client.send("GET", "http://127.0.0.1:\(server.port)/sleepy")
            #expect(response.status == 503)
            #expect(await eventually { sawCancellation.isSet })
        }
    }

    @Test func startFailsOnABadHostAndOnAPortInUse() async throws {
        let bad = HTTPServer(configuration: .init(host: "localhost"), router: Router())
        #expect(throws: HTTPError.self) { try bad.start() }

        try await withServer(router: Router()) { server in
            let clash = HTTPServer(configuration: .init(port: server.port), router: Router())
            let error = try #require(throws: HTTPError.self) { try clash.start() }
            #expect(error.code == .startFailed)
        }
    }

    @Test func aServerStartsOnlyOnce() async throws {
        try await withServer(router: Router()) { server in
            let error = try #require(throws: HTTPError.self) { try server.start() }
            #expect(error.code == .invalidState)
        }
    }

    /// Shutdown waits for the server's threads within a bound: a thread that
    /// never ends (a handler blocking its event loop) is given up on.
    @Test func aThreadsEndIsAwaitedWithinABound() async {
        let never = ThreadCompletion()
        #expect(await never.wait(upTo: .milliseconds(200)) == false)
        let ended = ThreadCompletion()
        async let waited = ended.wait(upTo: .seconds(30))
        ended.finish()
        #expect(await waited)
        #expect(await ended.wait(upTo: .zero))
    }
}
