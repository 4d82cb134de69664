import Foundation
import ProvisioningAPI
import Synchronization

/// An HTTP/1.1 server of its own: event-loop threads read and parse requests
/// (strictly, RFC 9112), and each complete request runs its async handler in a
/// Swift task. The task starts on the event loop's thread (see
/// ``Configuration/inlineHandlerBudget``); while it waits on something the
/// connection reads nothing more, and its next step runs on the event loop
/// again. A handler that keeps running past the budget moves to the
/// cooperative pool, and the connection waits until it answers.
///
/// ```swift
/// var router = Router()
/// router.get("/hello") { _ in try .json(["ok": true]) }
/// let server = HTTPServer(configuration: .init(port: 8080), router: router)
/// try server.start()
/// // …
/// await server.shutdown(gracePeriod: .seconds(10))
/// ```
///
/// Every response carries `X-Request-Id`; every error is an RFC 9457 problem
/// document, the refusals of malformed or oversized requests included; limits
/// in ``Limits`` are enforced before handlers run. A server runs once: after
/// ``shutdown(gracePeriod:)`` create a new one. Always call `shutdown` —
/// dropping a running server leaves its threads running.
package final class HTTPServer: Sendable {
    private enum LifeCycle: Sendable {
        case idle
        case running(Running)
        case stopping
        case stopped
    }

    /// What lives exactly as long as the server runs.
    private struct Running: Sendable {
        let listener: Listener
        let loops: [EventLoop]
        let sweeper: Task<Void, Never>
    }

    package let configuration: Configuration
    private let core: ServerCore
    private let lifeCycle = Mutex(LifeCycle.idle)
    private let boundPort = Atomic<Int>(0)

    /// - Parameters:
    ///   - configuration: address, limits, threads and TLS.
    ///   - router: the routes; fixed once the server is created.
    ///   - middleware: stages run, in order, around every routed request.
    ///   - observers: access-log, metrics and diagnostics hooks.
    package init(
        configuration: Configuration = Configuration(), router: Router, middleware: [any HTTPMiddleware] = [],
        observers: HTTPServerObservers = HTTPServerObservers()
    ) {
        self.configuration = configuration
        self.core = ServerCore(
            limits: configuration.limits, inlineBudget: configuration.inlineHandlerBudget, router: router,
            middleware: middleware, observers: observers)
    }

    /// The port being listened on (the ephemeral one when configured with `0`);
    /// `0` before ``start()``.
    package var port: Int { boundPort.load(ordering: .acquiring) }

    /// Whether the server is configured with HTTPS.
    package var isTLS: Bool { configuration.tls != nil }

    /// The prefix of the event-loop threads' names (`http-loop-0`, …), as
    /// `top -H` or a debugger shows them.
    package static var eventLoopThreadNamePrefix: String { EventLoop.threadNamePrefix }

    /// Whether this build can serve HTTPS: always, with OpenSSL.
    package static var supportsTLS: Bool { true }

    /// Binds and starts serving on the server's threads; returns immediately.
    ///
    /// - Throws: ``HTTPError`` with `invalidConfiguration` for out-of-range
    ///   settings or a non-numeric host, `startFailed` when the port cannot be
    ///   bound or the certificate/key is refused, `invalidState` when already
    ///   started.
    package func start() throws {
        try validate()
        let claimed = lifeCycle.withLock { state -> Bool in
            guard case .idle = state else { return false }
            state = .stopping  // a placeholder so a concurrent start() fails
            return true
        }
        guard claimed else { throw HTTPError(.invalidState, reason: "The server was already started.") }
        do {
            let tls = try configuration.tls.map(TLSContext.init)
            let listener = try Listener(
                host: configuration.host, port: configuration.port, limits: configuration.limits)
            var loops: [EventLoop] = []
            do {
                for index in 0..<configuration.threadPoolSize {
                    loops.append(try EventLoop(index: index, core: core, listener: listener, tls: tls))
                }
            } catch {
                listener.close()
                throw error
            }
            for loop in loops { loop.start() }
            listener.start(into: loops)
            boundPort.store(listener.port, ordering: .releasing)
            let core = self.core
            let interval = max(min(configuration.limits.handlerDeadline / 4, .milliseconds(250)), .milliseconds(5))
            let sweeper = Task { await core.sweepDeadlines(every: interval) }
            lifeCycle.withLock { $0 = .running(Running(listener: listener, loops: loops, sweeper: sweeper)) }
        } catch {
            lifeCycle.withLock { $0 = .idle }
            throw error
        }
    }

    /// Stops the server gracefully.
    ///
    /// New connections are refused at once and responses carry
    /// `Connection: close`. Handlers still running get up to `gracePeriod` to
    /// finish; then each remaining one is cancelled and its client answered `503`
    /// (`shutting-down`). Finally the connections close and the threads end,
    /// all within 10 s more: a loop a handler still blocks then is left to end
    /// on its own (the diagnostics observer hears of it), and the listening
    /// descriptors stay open until the process exits rather than be closed
    /// under it.
    /// Safe to call more than once; later calls return immediately.
    package func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let running: Running? = lifeCycle.withLock { state in
            guard case .running(let running) = state else { return nil }
            state = .stopping
            return running
        }
        guard let running else { return }
        let clock = ContinuousClock()

        core.draining.store(true, ordering: .relaxed)
        await running.listener.stopAccepting()

        let graceEnds = clock.now.advanced(by: gracePeriod)
        while clock.now < graceEnds, core.requestsInFlight.load(ordering: .acquiring) > 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        // From here on a new request is refused, and each handler still
        // running is answered 503 and cancelled; the loops write the answers.
        core.refusing.store(true, ordering: .releasing)
        let flushEnds = clock.now.advanced(by: .seconds(2))
        while clock.now < flushEnds, core.requestsInFlight.load(ordering: .acquiring) > 0 {
            _ = core.refuseRemaining()
            try? await Task.sleep(for: .milliseconds(10))
        }

        running.sweeper.cancel()
        // Every loop is asked first, then awaited against one deadline, so
        // that blocked loops do not add up their waits.
        for loop in running.loops { loop.requestStop() }
        let stopEnds = clock.now.advanced(by: .seconds(10))
        var allStopped = true
        for loop in running.loops {
            let left = max(stopEnds - clock.now, .zero)
            if await !loop.waitStopped(upTo: left) { allStopped = false }
        }
        // A loop still running may yet close a connection and signal the
        // listener's wake-up descriptor: closing it now could hit a reused number.
        if allStopped { running.listener.close() }
        boundPort.store(0, ordering: .releasing)
        lifeCycle.withLock { $0 = .stopped }
    }

    private func validate() throws {
        let limits = configuration.limits
        func invalid(_ reason: String) -> HTTPError { HTTPError(.invalidConfiguration, reason: reason) }
        guard (0...65535).contains(configuration.port) else { throw invalid("The port must be 0...65535.") }
        guard (1...1024).contains(configuration.threadPoolSize) else {
            throw invalid("The thread pool size must be 1...1024.")
        }
        guard limits.maxHeaderBytes >= 1024 else { throw invalid("maxHeaderBytes must be at least 1024.") }
        guard limits.maxBodyBytes >= 0 else { throw invalid("maxBodyBytes must not be negative.") }
        guard (1...Int(UInt32.max)).contains(limits.maxConnections) else {
            throw invalid("maxConnections must be positive.")
        }
        guard (0...Int(UInt32.max)).contains(limits.maxConnectionsPerIP ?? 0) else {
            throw invalid("maxConnectionsPerIP must not be negative.")
        }
        guard (0...Int(UInt32.max)).contains(limits.idleTimeout) else {
            throw invalid("idleTimeout must not be negative.")
        }
        guard limits.handlerDeadline > .zero else { throw invalid("handlerDeadline must be positive.") }
        if let timeout = limits.requestReadTimeout {
            guard timeout >= .milliseconds(1), timeout <= .seconds(86_400) else {
                throw invalid("requestReadTimeout must be 1 ms...1 day.")
            }
        }
    }
}
