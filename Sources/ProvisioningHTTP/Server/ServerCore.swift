import ProvisioningAPI
import Synchronization

/// What every event loop of a server shares: routing, limits, observers, the
/// handlers in flight and the flags that make shutdown safe.
///
/// A request's handler starts on the event loop that read it and runs there
/// inline (``InlineHandlerExecutor``) until it waits on something; the step
/// that ends the wait pokes the loop, which drains the handler again; a
/// handler that keeps running past the inline budget moves to the cooperative
/// pool. Whoever settles the request (handler, deadline sweeper, shutdown)
/// pokes the loop, which writes the answer.
final class ServerCore: Sendable {
    let limits: HTTPServer.Limits
    let router: Router
    let middleware: [any HTTPMiddleware]
    let observers: HTTPServerObservers
    /// Handlers that ran past their inline run and have not ended, and when
    /// each one's deadline passes: what the deadline sweeper and shutdown answer.
    let book = Mutex<[ObjectIdentifier: (context: RequestContext, expires: ContinuousClock.Instant)]>([:])
    /// Answers carry `Connection: close` (shutdown has begun).
    let draining = Atomic<Bool>(false)
    /// New requests are answered `503 shutting-down`.
    let refusing = Atomic<Bool>(false)
    /// Requests whose handler started and whose answer is not yet written (or
    /// whose connection has not yet gone): what a graceful shutdown waits for.
    let requestsInFlight = Atomic<Int>(0)
    /// How long an event loop may run a handler's task inline (see ``InlineHandlerExecutor``).
    let inlineBudget: Duration

    init(
        limits: HTTPServer.Limits, inlineBudget: Duration, router: Router, middleware: [any HTTPMiddleware],
        observers: HTTPServerObservers
    ) {
        self.limits = limits
        self.inlineBudget = inlineBudget
        let reporter =
            observers.handlerFailed
            ?? observers.diagnostics.map { sink in
                { @Sendable (request: HTTPRequest, error: any Error) in
                    // The type name only: an error's text may carry secrets.
                    sink("handler error \(type(of: error)) request=\(request.requestID)")
                }
            }
        let stages: [any HTTPMiddleware] = [ProblemDetailsMiddleware(report: reporter)] + middleware
        self.middleware = stages
        // Compose the middleware around each route once, not per request.
        self.router = router.wrappingHandlers { Self.compose(stages, around: $0) }
        self.observers = observers
    }

    static func compose(_ stages: [any HTTPMiddleware], around handler: @escaping HTTPHandler) -> HTTPHandler {
        stages.reversed().reduce(handler) { next, stage in
            { request in try await stage.respond(to: request, next: next) }
        }
    }

    // MARK: Handlers (event loop side)

    /// Starts `request`'s handler and runs it inline for up to the budget.
    /// On return the context may already hold the answer. On the event loop.
    func start(_ context: RequestContext, request: HTTPRequest) {
        requestsInFlight.add(1, ordering: .relaxed)
        guard !refusing.load(ordering: .acquiring) else {
            _ = context.settle(
                with: HTTPResponse(problem: Self.shuttingDown, instance: context.path, requestID: context.requestID),
                routePattern: nil, cancelHandler: false)
            return
        }
        let expires = ContinuousClock.now.advanced(by: limits.handlerDeadline)
        // The wake closure holds the context; the context holds the executor
        // only until the request is answered or ends.
        let executor = inlineBudget > .zero ? InlineHandlerExecutor { [self] in self.wake(context) } : nil
        context.state.withLock { state in
            state.executor = executor
            state.expires = expires
        }
        let handlerTask = Task(executorPreference: executor) { [self] in
            let (response, pattern) = await self.dispatch(request)
            self.finish(context, with: response, routePattern: pattern, cancelHandler: false)
            // The task's preference does not keep its executor alive.
            withExtendedLifetime(executor) {}
        }
        context.state.withLock { state in
            switch state.phase {
            case .inline, .running, .waking: state.handlerTask = handlerTask
            case .ready, .answered: break
            }
        }
        guard let executor else {
            let booking: ContinuousClock.Instant? = context.state.withLock { state in
                guard case .inline = state.phase else { return nil }
                state.phase = .running
                return Self.booking(&state)
            }
            if let booking { book(context, expires: booking) }
            return
        }
        drain(context, executor: executor)
    }

    /// Runs a woken handler's next steps. On the event loop, when poked.
    func resume(_ context: RequestContext) {
        let executor: InlineHandlerExecutor? = context.state.withLock { state in
            guard case .waking = state.phase, let executor = state.executor else { return nil }
            state.phase = .inline
            return executor
        }
        if let executor { drain(context, executor: executor) }
    }

    /// Runs the handler's runnable steps on this thread, then leaves it
    /// parked (its next step wakes the loop, see ``wake(_:)``) or, once the
    /// budget is spent, running on the pool.
    private func drain(_ context: RequestContext, executor: InlineHandlerExecutor) {
        while true {
            let outcome = executor.drain(budget: inlineBudget) {
                context.state.withLock { state in
                    if case .inline = state.phase { false } else { true }
                }
            }
            // Publish `.running` before parking: a step that arrives after the
            // park wakes only a `.running` request.
            let (settled, booking): (Bool, ContinuousClock.Instant?) = context.state.withLock { state in
                guard case .inline = state.phase else { return (true, nil) }
                state.phase = .running
                return (false, Self.booking(&state))
            }
            if let booking { book(context, expires: booking) }
            if settled {
                // Answered while draining: the loop writes it; the rest goes to the pool.
                executor.forward()
                return
            }
            guard outcome == .idle, !executor.park() else { return }
            // A step arrived between the drain and the park: drain it here,
            // unless the request was answered meanwhile.
            let again: Bool = context.state.withLock { state in
                guard case .running = state.phase else { return false }
                state.phase = .inline
                return true
            }
            guard again else {
                executor.forward()
                return
            }
        }
    }

    /// The deadline to book a request under, the first time it leaves its
    /// inline run (`nil` when it is booked already).
    private static func booking(_ state: inout RequestContext.State) -> ContinuousClock.Instant? {
        guard !state.booked, let expires = state.expires else { return nil }
        state.booked = true
        return expires
    }

    private func book(_ context: RequestContext, expires: ContinuousClock.Instant) {
        book.withLock { $0[ObjectIdentifier(context)] = (context, expires) }
    }

    /// Asks the event loop to drain a parked handler whose next step has
    /// arrived; `false` when the request is no longer waiting (answered
    /// meanwhile), and the step then runs on the pool. Any thread.
    func wake(_ context: RequestContext) -> Bool {
        let wakes: Bool = context.state.withLock { state in
            guard case .running = state.phase else { return false }
            state.phase = .waking
            return true
        }
        if wakes { context.loop.post(.poke(context)) }
        return wakes
    }

    /// Settles a request at most once, poking its event loop when the
    /// handler ran elsewhere. Any thread.
    func finish(_ context: RequestContext, with response: HTTPResponse, routePattern: String?, cancelHandler: Bool) {
        switch context.settle(with: response, routePattern: routePattern, cancelHandler: cancelHandler) {
        case .lost, .stored: return
        case .storedNeedsPoke: context.loop.post(.poke(context))
        }
    }

    /// The request's answer was written, or its connection closed first. On the event loop.
    func end(_ context: RequestContext) {
        if context.end() {
            book.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(context)) }
        }
        requestsInFlight.subtract(1, ordering: .releasing)
    }

    /// Answers `503` to every request whose handler has outlived its deadline,
    /// every `interval`, until cancelled. One sweeper per server is far cheaper
    /// than a timer per request, at the price of up to `interval` of lateness.
    func sweepDeadlines(every interval: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = ContinuousClock.now
            let overdue = book.withLock { book in
                book.values.filter { $0.expires <= now }.map(\.context)
            }
            for context in overdue {
                finish(
                    context,
                    with: HTTPResponse(
                        problem: ProblemDetails(.handlerTimeout, detail: "The request did not complete in time."),
                        instance: context.path, requestID: context.requestID),
                    routePattern: nil, cancelHandler: true)
            }
        }
    }

    /// Answers `503 shutting-down` to every handler still running; returns how many.
    func refuseRemaining() -> Int {
        let remaining = book.withLock { $0.values.map(\.context) }
        for context in remaining {
            finish(
                context,
                with: HTTPResponse(problem: Self.shuttingDown, instance: context.path, requestID: context.requestID),
                routePattern: nil, cancelHandler: true)
        }
        return remaining.count
    }

    // MARK: Dispatch

    func dispatch(_ incoming: HTTPRequest) async -> (HTTPResponse, String?) {
        var request = incoming
        let handler: HTTPHandler
        switch router.resolve(method: request.method, components: request.pathComponents) {
        case .matched(let route, let parameters):
            request.routePattern = route.pattern.description
            request.pathParameters = parameters
            handler = route.handler  // already wrapped in the middleware
        case .notFound:
            handler = Self.compose(middleware) { _ in
                throw ProblemDetails(.notFound, detail: "No resource matches this path.")
            }
        case .methodNotAllowed(let allowed):
            // Answered here rather than thrown: the `Allow` header (RFC 9110
            // §15.5.6) lists what the resource does allow.
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            handler = Self.compose(middleware) { request in
                HTTPResponse(
                    problem: ProblemDetails(
                        .methodNotAllowed, detail: "\(request.method.rawValue) is not allowed on this resource."),
                    for: request, headers: ["Allow": allow])
            }
        }
        do {
            return (try await handler(request), request.routePattern)
        } catch {
            // The problem stage catches everything; this is for middleware errors
            // thrown outside it, which cannot happen with the built-in order.
            return (HTTPResponse(problem: .unexpected, for: request), request.routePattern)
        }
    }

    /// The answer to every request that arrives or is still running once shutdown has begun.
    static let shuttingDown = ProblemDetails(.shuttingDown, detail: "The server is shutting down.")

    // MARK: Observers

    /// Reports an answered request to the access log and metrics observers.
    func record(
        method: HTTPMethod, path: String, requestID: String, peerAddress: String?, started: ContinuousClock.Instant,
        response: HTTPResponse, routePattern: String?, requestBodyBytes: Int
    ) {
        guard observers.accessLog != nil || observers.requestCompleted != nil else { return }
        let entry = CompletedRequest(
            requestID: requestID, method: method, path: path, routePattern: routePattern, status: response.status,
            problemType: response.problemType, duration: ContinuousClock.now - started, peerAddress: peerAddress,
            requestBodyBytes: requestBodyBytes, responseBodyBytes: response.body.count)
        observers.accessLog?(entry)
        observers.requestCompleted?(entry)
    }
}
