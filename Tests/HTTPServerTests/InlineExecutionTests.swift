import Foundation
import ProvisioningHTTP
import Synchronization
import Testing

/// Handlers first run inline on the event loop's thread and fall back to suspending the
/// connection; every kind of handler must be answered exactly once on either path.
@Suite(.serialized, .timeLimit(.minutes(10))) struct InlineExecutionTests {
    /// Holds a value behind an actor, so a handler can hop off its task's executor.
    actor Tally {
        private var total = 0
        func add(_ value: Int) -> Int {
            total += value
            return value
        }
    }

    static func mixedRouter() -> Router {
        let tally = Tally()
        var router = Router()
        // Finishes without waiting: answered inline.
        router.get("/plain/:n") { request in
            .text("plain " + (request.pathParameters["n"] ?? ""))
        }
        // Awaits an actor and two child tasks.
        router.get("/hops/:n") { request in
            let n = Int(request.pathParameters["n"] ?? "") ?? -1
            async let left = tally.add(n)
            async let right = tally.add(n)
            await Task.yield()
            return .text("hops \(await left + right)")
        }
        // Waits on a timer, which completes on another thread: answered after resume.
        router.get("/sleeps/:n") { request in
            try await Task.sleep(for: .milliseconds(1))
            return .text("sleeps " + (request.pathParameters["n"] ?? ""))
        }
        // Spends the whole inline budget before its first suspension point, so its
        // remaining steps are handed to the cooperative pool.
        router.get("/busy/:n") { request in
            let until = ContinuousClock.now.advanced(by: .milliseconds(2))
            while ContinuousClock.now < until {}
            async let echoed = tally.add(1)
            await Task.yield()
            return .text("busy " + (request.pathParameters["n"] ?? "") + " \(await echoed)")
        }
        return router
    }

    static func expectedBody(kind: String, n: Int) -> String {
        switch kind {
        case "hops": "hops \(2 * n)"
        case "busy": "busy \(n) 1"
        default: "\(kind) \(n)"
        }
    }

    @Test(arguments: [Duration.zero, .microseconds(200), .seconds(1)])
    func everyKindOfHandlerIsAnsweredOnceOverKeepAliveConnections(budget: Duration) async throws {
        let kinds = ["plain", "hops", "sleeps", "busy"]
        try await withServer(inlineHandlerBudget: budget, router: Self.mixedRouter()) { server in
            let port = server.port
            let failures = Collected<String>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<16 {
                    group.addTask {
                        try await onThread {
                            let connection = try RawHTTPConnection(port: port)
                            for n in 0..<40 {
                                let kind = kinds[(client + n) % kinds.count]
                                let id = "client\(client)-\(n)"
                                try connection.send(
                                    "GET /\(kind)/\(n) HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: \(id)\r\n\r\n")
                                let response = try connection.readResponse()
                                let body = String(decoding: response.body, as: UTF8.self)
                                if response.status != 200 || body != Self.expectedBody(kind: kind, n: n)
                                    || response.header("X-Request-Id") != id
                                {
                                    failures.append("\(id) \(kind): \(response.status) \(body)")
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(failures.values.isEmpty, "\(failures.values.prefix(5))")
        }
    }

    @Test func deadlineStillAppliesToAHandlerThatOutlivesItsInlineBudget() async throws {
        var router = Router()
        router.get("/stuck") { _ in
            // Blocks the event loop's thread past the budget, then waits forever.
            let until = ContinuousClock.now.advanced(by: .milliseconds(5))
            while ContinuousClock.now < until {}
            try await Task.sleep(for: .seconds(60))
            return .text("too late")
        }
        let limits = HTTPServer.Limits(handlerDeadline: .milliseconds(100))
        try await withServer(limits: limits, router: router) { server in
            let response = try await Client.send("GET", "http://127.0.0.1:\(server.port)/stuck")
            #expect(response.status == 503)
        }
    }

    /// The name of the calling thread (the server names its event-loop threads).
    static func threadName() -> String {
        // Linux: the kernel's name of the calling thread.
        let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    /// Resumes `continuation` from a thread of its own, as a database driver's
    /// completion or an I/O callback would, after `delay`.
    static func resumeElsewhere(_ continuation: CheckedContinuation<Void, Never>, after delay: Duration = .zero) {
        let thread = Thread {
            if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18) }
            continuation.resume()
        }
        thread.start()
    }

    @Test func stepsAfterEachWaitRunOnThePollingThread() async throws {
        let names = Collected<String>()
        var router = Router()
        router.get("/waits") { _ in
            names.append(Self.threadName())
            for _ in 0..<3 {
                await withCheckedContinuation { Self.resumeElsewhere($0) }
                names.append(Self.threadName())
            }
            return .text("done")
        }
        // A drain preempted for longer than its budget forwards the rest to
        // the pool, by design (the 200 µs default was spent once in a `make
        // stress-test` run); this test is about where steps run after waits.
        try await withServer(inlineHandlerBudget: .seconds(10), router: router) { server in
            for _ in 0..<5 {
                let response = try await Client.send("GET", "http://127.0.0.1:\(server.port)/waits")
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self) == "done")
            }
        }
        #expect(names.values.count == 20)
        #expect(names.values.allSatisfy { $0.hasPrefix(HTTPServer.eventLoopThreadNamePrefix) }, "\(Set(names.values))")
    }

    @Test func aStepReleasedByAnotherHandlersStepRunsOnThePool() async throws {
        // Another handler handing something over (here a continuation, as a pool
        // hands over a connection) must not make the step wait for its event loop.
        let baton = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let names = Collected<String>()
        var router = Router()
        router.get("/waits") { _ in
            await withCheckedContinuation { continuation in baton.withLock { $0 = continuation } }
            names.append(Self.threadName())
            return .text("released")
        }
        router.get("/releases") { _ in
            let continuation = baton.withLock { baton -> CheckedContinuation<Void, Never>? in
                defer { baton = nil }
                return baton
            }
            continuation?.resume()
            return .text(continuation == nil ? "nothing" : "released one")
        }
        try await withServer(router: router) { server in
            let waiting = Task { try await Client.send("GET", "http://127.0.0.1:\(server.port)/waits") }
            #expect(await eventually { baton.withLock { $0 != nil } })
            let release = try await Client.send("GET", "http://127.0.0.1:\(server.port)/releases")
            #expect(String(decoding: release.body, as: UTF8.self) == "released one")
            let waited = try await waiting.value
            #expect(String(decoding: waited.body, as: UTF8.self) == "released")
        }
        #expect(names.values.count == 1)
        #expect(!names.values.contains { $0.hasPrefix(HTTPServer.eventLoopThreadNamePrefix) })
    }

    @Test func withoutABudgetStepsAfterAWaitRunOnThePool() async throws {
        let names = Collected<String>()
        var router = Router()
        router.get("/waits") { _ in
            await withCheckedContinuation { Self.resumeElsewhere($0) }
            names.append(Self.threadName())
            return .text("done")
        }
        try await withServer(inlineHandlerBudget: .zero, router: router) { server in
            let response = try await Client.send("GET", "http://127.0.0.1:\(server.port)/waits")
            #expect(response.status == 200)
        }
        #expect(names.values.count == 1)
        #expect(!names.values.contains { $0.hasPrefix(HTTPServer.eventLoopThreadNamePrefix) })
    }

    @Test func manyHandlersWaitingOnOtherThreadsAreEachAnsweredOnce() async throws {
        var router = Router()
        router.get("/waits/:n") { request in
            let n = Int(request.pathParameters["n"] ?? "") ?? -1
            for step in 0..<(n % 4) {
                await withCheckedContinuation { Self.resumeElsewhere($0, after: .microseconds(50 * step)) }
            }
            return .text("waited \(n)")
        }
        try await withServer(router: router) { server in
            let port = server.port
            let failures = Collected<String>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<12 {
                    group.addTask {
                        try await onThread {
                            let connection = try RawHTTPConnection(port: port)
                            for n in 0..<30 {
                                let id = "client\(client)-\(n)"
                                try connection.send(
                                    "GET /waits/\(n) HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: \(id)\r\n\r\n")
                                let response = try connection.readResponse()
                                let body = String(decoding: response.body, as: UTF8.self)
                                if response.status != 200 || body != "waited \(n)"
                                    || response.header("X-Request-Id") != id
                                {
                                    failures.append("\(id): \(response.status) \(body)")
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(failures.values.isEmpty, "\(failures.values.prefix(5))")
        }
    }

    @Test func aParkedHandlerResumedAfterItsDeadlineFinishesOnThePoolWithoutASecondAnswer() async throws {
        let parked = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let finished = Collected<String>()
        var router = Router()
        router.get("/parks") { _ in
            await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
            finished.append(Self.threadName())
            return .text("too late")
        }
        router.get("/plain") { _ in .text("plain") }
        let limits = HTTPServer.Limits(handlerDeadline: .milliseconds(100))
        try await withServer(limits: limits, router: router) { server in
            let port = server.port
            let statuses = try await onThread { () -> [Int] in
                let connection = try RawHTTPConnection(port: port)
                try connection.send("GET /parks HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let first = try connection.readResponse()
                // The deadline answered: now let the handler go on.
                parked.withLock { $0?.resume() }
                try connection.send("GET /plain HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let second = try connection.readResponse()
                return [first.status, second.status]
            }
            #expect(statuses == [503, 200])
            let clock = ContinuousClock()
            let ends = clock.now.advanced(by: .seconds(5))
            while finished.values.isEmpty && clock.now < ends { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(finished.values.count == 1)
        #expect(!finished.values.contains { $0.hasPrefix(HTTPServer.eventLoopThreadNamePrefix) })
    }
}
