import CMicroHTTPD
import CMicroHTTPDShims
import Foundation
import ProvisioningAPI
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: a pool of polling threads parses requests and
/// each complete request runs its async handler in a Swift task. The task starts on
/// the polling thread (see ``Configuration/inlineHandlerBudget``). While it waits on
/// something the connection is suspended; its next step resumes the connection and
/// runs on the polling thread again. A handler that keeps running past the budget
/// moves to the cooperative pool, and its connection stays suspended until it answers.
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
/// document; limits in ``Limits`` are enforced before handlers run. A server runs
/// once: after ``shutdown(gracePeriod:)`` create a new one. Always call
/// `shutdown` — dropping a running server leaves its threads running.
package final class HTTPServer: Sendable {
    private enum LifeCycle: Sendable {
        case idle
        case running(RunningDaemon)
        case stopping
        case stopped
    }

    /// What lives exactly as long as the daemon.
    private struct RunningDaemon: @unchecked Sendable {
        // `pp_mhd_server *`: only touched by start and by the single shutdown.
        let server: OpaquePointer
        let core: Unmanaged<ServerCore>
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

    /// Whether this libmicrohttpd build can serve HTTPS.
    package static var supportsTLS: Bool { pp_mhd_tls_supported() == 1 }

    /// Binds and starts serving on libmicrohttpd's threads; returns immediately.
    ///
    /// - Throws: ``HTTPError`` with `invalidConfiguration` for out-of-range
    ///   settings or a non-numeric host, `tlsUnavailable` when HTTPS is asked for
    ///   but unsupported, `startFailed` when the port cannot be bound or the
    ///   certificate/key is rejected, `invalidState` when already started.
    package func start() throws {
        try validate()
        let claimed = lifeCycle.withLock { state -> Bool in
            guard case .idle = state else { return false }
            state = .stopping  // a placeholder so a concurrent start() fails
            return true
        }
        guard claimed else { throw HTTPError(.invalidState, reason: "The server was already started.") }

        let retainedCore = Unmanaged.passRetained(core)
        let limits = configuration.limits
        var error: Int32 = 0
        let server: OpaquePointer? = configuration.host.withCString { host in
            withOptionalCString(configuration.tls?.privateKeyPEM) { key in
                withOptionalCString(configuration.tls?.certificateChainPEM) { certificate in
                    var config = pp_mhd_config(
                        host: host,
                        port: UInt16(configuration.port),
                        connection_limit: UInt32(limits.maxConnections),
                        connection_timeout: UInt32(limits.idleTimeout),
                        thread_pool_size: UInt32(configuration.threadPoolSize),
                        connection_memory_limit: limits.maxHeaderBytes,
                        per_ip_connection_limit: UInt32(limits.maxConnectionsPerIP ?? 0),
                        request_read_timeout_ms: UInt32(limits.requestReadTimeoutMilliseconds),
                        tls_key_pem: key,
                        tls_cert_pem: certificate,
                        access_handler: httpServerAccessHandler,
                        access_handler_cls: retainedCore.toOpaque(),
                        completed: httpServerRequestCompleted,
                        completed_cls: retainedCore.toOpaque(),
                        log: httpServerLog,
                        log_cls: retainedCore.toOpaque())
                    return pp_mhd_start(&config, &error)
                }
            }
        }
        guard let server else {
            retainedCore.release()
            lifeCycle.withLock { $0 = .idle }
            switch Int(error) {
            case Int(PP_MHD_START_BAD_HOST):
                throw HTTPError(.invalidConfiguration, reason: "The host must be a numeric IP address.")
            case Int(PP_MHD_START_NO_TLS):
                throw HTTPError(.tlsUnavailable, reason: "libmicrohttpd was built without TLS support.")
            default:
                throw HTTPError(
                    .startFailed, reason: "libmicrohttpd could not start (address in use or TLS credentials refused).")
            }
        }
        boundPort.store(Int(pp_mhd_bound_port(server)), ordering: .releasing)
        let core = self.core
        let interval = max(min(limits.handlerDeadline / 4, .milliseconds(250)), .milliseconds(5))
        let sweeper = Task { await core.sweepDeadlines(every: interval) }
        lifeCycle.withLock { $0 = .running(RunningDaemon(server: server, core: retainedCore, sweeper: sweeper)) }
    }

    /// Stops the server gracefully.
    ///
    /// New connections are refused at once and responses carry
    /// `Connection: close`. Handlers still running get up to `gracePeriod` to
    /// finish; then each remaining one is cancelled and its client answered `503`
    /// (`shutting-down`). Finally the daemon and its threads stop. Safe to call
    /// more than once; later calls return immediately.
    package func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let running: RunningDaemon? = lifeCycle.withLock { state in
            guard case .running(let daemon) = state else { return nil }
            state = .stopping
            return daemon
        }
        guard let running else { return }
        let clock = ContinuousClock()

        core.draining.store(true, ordering: .relaxed)
        _ = pp_mhd_stop_listening(running.server)

        let graceEnds = clock.now.advanced(by: gracePeriod)
        while clock.now < graceEnds, core.handlersInFlight.load(ordering: .relaxed) > 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        core.book.withLock {
            $0.refusingWork = true
            core.refusing.store(true, ordering: .releasing)
        }
        // A request registered just before `refusingWork` may not be `.running` yet
        // (it suspends first), so sweep until the book is empty.
        let sweepEnds = clock.now.advanced(by: .seconds(5))
        while true {
            let leftovers = core.book.withLock { $0.suspended.values.map(\.context) }
            if leftovers.isEmpty || clock.now >= sweepEnds { break }
            for context in leftovers {
                core.finish(
                    context,
                    with: HTTPResponse(
                        problem: ServerCore.shuttingDown, instance: context.path, requestID: context.requestID),
                    routePattern: nil, cancelHandler: true)
            }
            try? await Task.sleep(for: .milliseconds(1))
        }

        // Give resumed connections a moment to send their answers; requests still
        // uploading a body are cut off by the stop.
        let flushEnds = clock.now.advanced(by: .seconds(2))
        while clock.now < flushEnds, core.live.load(ordering: .relaxed) > 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        // Every suspended connection has been resumed above (and nothing suspends
        // after `refusingWork`), which MHD_stop_daemon requires; a resume that left
        // the book just before the sweep may still be on its way.
        while core.resumesInFlight.load(ordering: .acquiring) > 0 {
            try? await Task.sleep(for: .milliseconds(1))
        }
        running.sweeper.cancel()
        pp_mhd_stop(running.server)
        running.core.release()
        boundPort.store(0, ordering: .releasing)
        lifeCycle.withLock { $0 = .stopped }
    }

    /// Whether the running daemon polls with epoll, whose quiesce in
    /// libmicrohttpd 0.9.75 can abort the process during ``shutdown(gracePeriod:)``;
    /// `false` by design (the daemon polls with `poll`), checked by a test.
    var pollsWithEpoll: Bool {
        lifeCycle.withLock { state in
            guard case .running(let daemon) = state else { return false }
            return pp_mhd_uses_epoll(daemon.server) == 1
        }
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

extension HTTPServer.Limits {
    /// ``requestReadTimeout`` for libmicrohttpd's shim: whole milliseconds, 0 for none.
    var requestReadTimeoutMilliseconds: Int {
        guard let timeout = requestReadTimeout else { return 0 }
        let (seconds, attoseconds) = timeout.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) throws -> R) rethrows -> R {
    guard let string else { return try body(nil) }
    return try string.withCString { try body($0) }
}
