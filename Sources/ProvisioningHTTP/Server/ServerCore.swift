import CMicroHTTPD
import CMicroHTTPDShims
import ProvisioningAPI
import Synchronization

/// Everything the C callbacks reach through their closure pointer: routing,
/// limits, observers, and the book-keeping that makes shutdown safe.
final class ServerCore: Sendable {
    struct Book: Sendable {
        /// Suspended requests and when their handler deadline passes: each must be
        /// resumed before `MHD_stop_daemon`.
        var suspended: [ObjectIdentifier: (context: RequestContext, expires: ContinuousClock.Instant)] = [:]
        /// Set once shutdown expires suspended requests: from then on nothing suspends.
        var refusingWork = false
    }

    let limits: HTTPServer.Limits
    let router: Router
    let middleware: [any HTTPMiddleware]
    let observers: HTTPServerObservers
    let book = Mutex(Book())
    let draining = Atomic<Bool>(false)
    /// Mirrors `Book.refusingWork` so that starting a handler needs no lock.
    let refusing = Atomic<Bool>(false)
    /// Requests MHD has shown us and not yet reported complete.
    let live = Atomic<Int>(0)
    /// Requests whose handler started and that MHD has not reported complete:
    /// what a graceful shutdown waits for. (A waiting handler is not always in
    /// `book.suspended`: between its wake and its next suspension it is not.)
    let handlersInFlight = Atomic<Int>(0)
    /// Resumes between a request's removal from `book.suspended` and its
    /// `MHD_resume_connection`: the daemon may stop only once none is left.
    let resumesInFlight = Atomic<Int>(0)
    /// How long a polling thread may run a handler's task inline (see ``InlineHandlerExecutor``).
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

    // MARK: Access handler

    func handleAccess(
        connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>,
        contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = contextSlot.pointee else {
            return beginRequest(connection: connection, url: url, method: method, contextSlot: contextSlot)
        }
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()

        if uploadDataSize.pointee > 0 {
            let count = uploadDataSize.pointee
            uploadDataSize.pointee = 0
            return receive(uploadData, count: count, context: context)
        }

        enum Step {
            case run, reject, queueReady, nothing
            case drain(InlineHandlerExecutor, ContinuousClock.Instant)
        }
        let step: Step = context.state.withLock { state in
            switch state.phase {
            case .receiving:
                guard state.bodyTooLarge else { return .run }
                state.phase = .answered
                return .reject
            case .ready:
                return .queueReady
            case .waking:
                // Only a parked executor wakes, and the request keeps it until answered.
                guard let executor = state.executor else { return .nothing }
                state.phase = .inline
                return .drain(executor, state.deadline ?? ContinuousClock.now.advanced(by: limits.handlerDeadline))
            case .inline, .running, .answered:
                return .nothing
            }
        }
        switch step {
        case .run:
            // The whole request (body included) is in: its read deadline ends.
            pp_mhd_request_received(connection)
            return startHandler(context: context)
        case .reject:
            pp_mhd_request_received(connection)
            return queueTooLarge(context: context)
        case .queueReady:
            // Only this thread moves a request on from `.ready`.
            guard let ready = context.takeReadyResponse() else { return .YES }
            return queue(ready.response, for: context, routePattern: ready.routePattern, closeConnection: false)
        case .drain(let executor, let deadline):
            return drainInline(context: context, executor: executor, deadline: deadline)
        case .nothing:
            return .YES
        }
    }

    private func beginRequest(
        connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let headers = Self.collectHeaders(connection)
        let context = RequestContext(
            connection: ConnectionHandle(pointer: connection),
            method: HTTPMethod(method.map { String(cString: $0) } ?? "GET"),
            path: url.map { String(cString: $0) } ?? "/",
            requestID: RequestIdentifier.resolve(incoming: headers[RequestIdentifier.headerName]),
            peerAddress: Self.peerAddress(connection),
            headers: headers,
            query: Self.collectQuery(connection))
        contextSlot.pointee = Unmanaged.passRetained(context).toOpaque()
        live.add(1, ordering: .relaxed)

        if let ambiguity = Self.framingAmbiguity(headers) {
            context.state.withLock {
                $0.bodyTooLarge = true
                $0.phase = .answered
            }
            // Closed after the answer: the bytes that follow are never read as
            // a request of their own.
            return queue(
                HTTPResponse(
                    problem: ProblemDetails(.badRequest, detail: ambiguity), instance: context.path,
                    requestID: context.requestID), for: context,
                routePattern: nil, closeConnection: true)
        }

        // Refuse an oversized declared body now: MHD has not read any of it and,
        // with a response queued, sends no `100 Continue` and closes afterwards.
        if let declared = headers["Content-Length"], let length = UInt64(declared) {
            guard length <= UInt64(max(limits.maxBodyBytes, 0)) else {
                context.state.withLock {
                    $0.bodyTooLarge = true
                    $0.phase = .answered
                }
                return queueTooLarge(context: context)
            }
            // The body arrives in several pieces: one allocation instead of regrowing
            // for each. Capped, so that a client that declares a large body and
            // sends nothing does not make the server hold memory it never sent.
            context.state.withLock { $0.body.reserveCapacity(Int(min(length, 64 * 1024))) }
        }
        return .YES
    }

    private func receive(_ data: UnsafePointer<CChar>?, count: Int, context: RequestContext) -> MHD_Result {
        let limit = limits.maxBodyBytes
        // libmicrohttpd 0.9.75 refuses MHD_queue_response while a body is still
        // arriving, so an over-long chunked body is read and dropped up to a bounded
        // allowance and answered 413 at its end; past the allowance the connection
        // is closed, so a client cannot keep a thread busy with an endless body.
        let allowance = max(limit, 1024 * 1024)
        let keepReading: Bool = context.state.withLock { state in
            guard case .receiving = state.phase else { return true }
            if state.bodyTooLarge {
                state.discardedBytes += count
                return state.discardedBytes <= allowance
            }
            if state.receivedBytes + count > limit {
                state.bodyTooLarge = true
                state.discardedBytes = count
                state.body = []
                return true
            }
            if let data {
                data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                    state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                }
            }
            state.receivedBytes += count
            return true
        }
        return keepReading ? .YES : .NO
    }

    private func startHandler(context: RequestContext) -> MHD_Result {
        guard !refusing.load(ordering: .acquiring) else {
            context.state.withLock { $0.phase = .answered }
            return queue(
                HTTPResponse(problem: Self.shuttingDown, instance: context.path, requestID: context.requestID),
                for: context,
                routePattern: nil, closeConnection: true)
        }
        var request = HTTPRequest(
            method: context.method, path: context.path, query: context.query, headers: context.headers,
            body: [], peerAddress: context.peerAddress, requestID: context.requestID)
        let deadline = ContinuousClock.now.advanced(by: limits.handlerDeadline)
        // The wake closure holds the context: the context holds the executor only
        // until the request is answered or completes.
        let executor = inlineBudget > .zero ? InlineHandlerExecutor { [self] in self.wake(context) } : nil
        handlersInFlight.add(1, ordering: .relaxed)
        request.body = context.state.withLock { state in
            state.phase = .inline
            state.deadline = deadline
            state.executor = executor
            defer { state.body = [] }
            return state.body
        }

        let handlerTask = Task(executorPreference: executor) { [self] in
            let (response, pattern) = await self.dispatch(request)
            self.finish(context, with: response, routePattern: pattern, cancelHandler: false)
            // The task's preference does not keep its executor alive.
            withExtendedLifetime(executor) {}
        }
        context.state.withLock { state in
            if case .inline = state.phase { state.handlerTask = handlerTask }
        }
        guard let executor else { return queueOrSuspend(context: context, deadline: deadline, parking: nil) }
        return drainInline(context: context, executor: executor, deadline: deadline)
    }

    /// Runs the handler's runnable steps on this polling thread, then queues its
    /// response, or suspends the connection: parked when the handler waits on
    /// something (its next step resumes the connection, see ``wake(_:)``), running
    /// on the pool when it used up the inline budget.
    private func drainInline(
        context: RequestContext, executor: InlineHandlerExecutor, deadline: ContinuousClock.Instant
    ) -> MHD_Result {
        let outcome = executor.drain(budget: inlineBudget) {
            context.state.withLock { state in
                if case .inline = state.phase { false } else { true }
            }
        }
        return queueOrSuspend(context: context, deadline: deadline, parking: outcome == .idle ? executor : nil)
    }

    /// Resumes the connection of a parked handler whose next step has arrived, so
    /// that its polling thread runs it. Returns `false` when the request is no longer
    /// suspended (it was answered meanwhile): the step then runs on the pool.
    func wake(_ context: RequestContext) -> Bool {
        let resumes: Bool = context.state.withLock { state in
            guard case .running = state.phase else { return false }
            state.phase = .waking
            return true
        }
        guard resumes else { return false }
        resume(context)
        return true
    }

    /// Queues the response when the handler already settled; otherwise suspends the
    /// connection until ``finish(_:with:routePattern:cancelHandler:)`` or, for a
    /// `parking` executor, the handler's next step resumes it.
    private func queueOrSuspend(
        context: RequestContext, deadline: ContinuousClock.Instant, parking executor: InlineHandlerExecutor?
    ) -> MHD_Result {
        if let ready = context.takeReadyResponse() {
            return queue(ready.response, for: context, routePattern: ready.routePattern, closeConnection: false)
        }
        let accepted: Bool = book.withLock { book in
            guard !book.refusingWork else { return false }
            book.suspended[ObjectIdentifier(context)] = (context, deadline)
            return true
        }
        guard accepted else {
            // Shutdown has begun and would not find this request: answer it here
            // (unless the handler has just done so), with nothing suspended.
            executor?.forward()
            _ = context.settle(
                with: HTTPResponse(problem: Self.shuttingDown, instance: context.path, requestID: context.requestID),
                routePattern: nil,
                cancelHandler: true)
            guard let ready = context.takeReadyResponse() else { return .NO }
            return queue(ready.response, for: context, routePattern: ready.routePattern, closeConnection: true)
        }
        // `finish` and `wake` resume only a `.running` request, so publish `.running`
        // only after suspending: a resume can never come before its suspend.
        MHD_suspend_connection(context.connection.pointer)
        let settledMeanwhile: Bool = context.state.withLock { state in
            guard case .inline = state.phase else { return true }
            state.phase = .running
            return false
        }
        if settledMeanwhile {
            // Settled between the check above and the suspension, by a party that
            // saw `.inline` and so will not resume: resume here; MHD then calls the
            // access handler again, which queues the stored response. A cancelled
            // handler's steps go to the pool.
            executor?.forward()
            resume(context)
            return .YES
        }
        // A step that arrived since the drain found the executor still draining and
        // woke nobody: wake the connection here. If the request was answered
        // meanwhile, the step runs on the pool.
        if let executor, !executor.park(), !wake(context) { executor.forward() }
        return .YES
    }

    /// Settles a request at most once, resuming its connection when it is suspended.
    func finish(_ context: RequestContext, with response: HTTPResponse, routePattern: String?, cancelHandler: Bool) {
        switch context.settle(with: response, routePattern: routePattern, cancelHandler: cancelHandler) {
        case .lost, .stored:
            // Lost: someone else answered first. Stored: the polling thread still
            // holds the connection and queues the response itself.
            return
        case .storedNeedsResume:
            resume(context)
        }
    }

    /// Answers `503` to every request whose handler has outlived its deadline,
    /// every `interval`, until cancelled. One sweeper per server is far cheaper than
    /// a timer per request, at the price of up to `interval` of lateness.
    func sweepDeadlines(every interval: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = ContinuousClock.now
            let overdue = book.withLock { book in
                book.suspended.values.filter { $0.expires <= now }.map(\.context)
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

    func requestCompleted(contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let contextSlot, let raw = contextSlot.pointee else { return }
        contextSlot.pointee = nil
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
        // MHD may close a resumed connection without calling the access handler
        // again (a client abort, the daemon stopping): whatever the handler still
        // has to run must then go to the pool, and nothing answers any more.
        let (executor, started): (InlineHandlerExecutor?, Bool) = context.state.withLock { state in
            // A deadline is set exactly when the handler starts.
            let started = state.deadline != nil
            state.phase = .answered
            defer { state.executor = nil }
            return (state.executor, started)
        }
        executor?.forward()
        if started { handlersInFlight.subtract(1, ordering: .relaxed) }
        live.subtract(1, ordering: .relaxed)
    }

    /// Resumes a suspended connection that has just left `book.suspended`.
    ///
    /// The removal comes first: once resumed, the polling thread may suspend the
    /// same request again and register it anew, which a later removal would undo.
    private func resume(_ context: RequestContext) {
        resumesInFlight.add(1, ordering: .relaxed)
        book.withLock { _ = $0.suspended.removeValue(forKey: ObjectIdentifier(context)) }
        MHD_resume_connection(context.connection.pointer)
        resumesInFlight.subtract(1, ordering: .releasing)
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

    // MARK: Responses

    /// The answer to every request that arrives or is still running once shutdown has begun.
    static let shuttingDown = ProblemDetails(.shuttingDown, detail: "The server is shutting down.")

    /// Why a request's body framing is ambiguous (RFC 9112 §6.3), or `nil`.
    ///
    /// A `Content-Length` beside `Transfer-Encoding`, or `Content-Length`s that
    /// disagree, are read one way here and another by a proxy in front: the
    /// classic request-smuggling set-up. libmicrohttpd would take the chunked
    /// framing and keep the connection; they are refused instead.
    static func framingAmbiguity(_ headers: HTTPHeaders) -> String? {
        let lengths = headers.values(for: "Content-Length").flatMap { $0.split(separator: ",") }.map { value in
            value.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        }.map { String($0) }
        if !lengths.isEmpty && headers.contains("Transfer-Encoding") {
            return "The request has both Content-Length and Transfer-Encoding."
        }
        guard let first = lengths.first else { return nil }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return "The request's Content-Length values are invalid or disagree." }
        return nil
    }

    private func queueTooLarge(context: RequestContext) -> MHD_Result {
        let problem = ProblemDetails(.bodyTooLarge, detail: "The request body exceeds \(limits.maxBodyBytes) bytes.")
        return queue(
            HTTPResponse(problem: problem, instance: context.path, requestID: context.requestID), for: context,
            routePattern: nil, closeConnection: true)
    }

    private func queue(
        _ response: HTTPResponse, for context: RequestContext, routePattern: String?, closeConnection: Bool
    ) -> MHD_Result {
        let mhdResponse = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for field in response.headers where !HTTPHeaders.sameName(field.name, RequestIdentifier.headerName) {
            // MHD refuses names or values with CR/LF, so a handler cannot split headers.
            _ = MHD_add_response_header(mhdResponse, field.name, field.value)
        }
        _ = MHD_add_response_header(mhdResponse, RequestIdentifier.headerName, context.requestID)
        if closeConnection || draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        let result = MHD_queue_response(context.connection.pointer, UInt32(clamping: response.status.code), mhdResponse)
        record(context: context, response: response, routePattern: routePattern)
        return result
    }

    private func record(context: RequestContext, response: HTTPResponse, routePattern: String?) {
        guard observers.accessLog != nil || observers.requestCompleted != nil else { return }
        let bodyBytes = context.state.withLock { $0.bodyTooLarge ? 0 : $0.receivedBytes }
        let entry = CompletedRequest(
            requestID: context.requestID, method: context.method, path: context.path, routePattern: routePattern,
            status: response.status, problemType: response.problemType, duration: ContinuousClock.now - context.started,
            peerAddress: context.peerAddress, requestBodyBytes: bodyBytes, responseBodyBytes: response.body.count)
        observers.accessLog?(entry)
        observers.requestCompleted?(entry)
    }

    // MARK: Connection values

    private static func collectHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
                    headers.pointee.add(name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
                    return .YES
                }, pointer)
        }
        return headers
    }

    private static func collectQuery(_ connection: OpaquePointer) -> HTTPQuery {
        var items: [HTTPQuery.Item] = []
        withUnsafeMutablePointer(to: &items) { pointer in
            _ = MHD_get_connection_values(
                connection, .GET_ARGUMENT_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    let items = cls.assumingMemoryBound(to: [HTTPQuery.Item].self)
                    // The shim keeps escapes (and MHD already turned '+' into ' '),
                    // so decoding here happens exactly once.
                    items.pointee.append(
                        HTTPQuery.Item(
                            name: PercentDecoding.decode(String(cString: key)),
                            value: value.map { PercentDecoding.decode(String(cString: $0)) }))
                    return .YES
                }, pointer)
        }
        return HTTPQuery(items)
    }

    private static func peerAddress(_ connection: OpaquePointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            guard let base = buffer.baseAddress, pp_mhd_peer_address(connection, base, buffer.count) == 0 else {
                return nil
            }
            return String(cString: base)
        }
    }
}
