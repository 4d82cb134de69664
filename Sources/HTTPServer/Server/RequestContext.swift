import CMicroHTTPD
import Synchronization

/// A libmicrohttpd connection pointer that may cross threads.
///
/// MHD allows `MHD_resume_connection` from any thread; every other use stays on
/// the connection's polling thread, inside the access handler.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Per-request state, retained in MHD's `*con_cls` from the first access-handler
/// call until the request-completed callback releases it.
final class RequestContext: Sendable {
    enum Phase: Sendable {
        /// Headers seen; the body (if any) is arriving.
        case receiving
        /// The connection is suspended while the handler's task runs.
        case running
        /// A response waits for MHD to call the access handler after resume.
        case ready(HTTPResponse)
        /// A response was queued; nothing more happens until completion.
        case answered
    }

    struct State: Sendable {
        var phase: Phase = .receiving
        var body: [UInt8] = []
        var receivedBytes = 0
        var discardedBytes = 0
        var bodyTooLarge = false
        var routePattern: String?
        var handlerTask: Task<Void, Never>?
    }

    let connection: ConnectionHandle
    let started: ContinuousClock.Instant
    let method: HTTPMethod
    let path: String
    let requestID: String
    let peerAddress: String?
    let headers: HTTPHeaders
    let query: HTTPQuery
    let state = Mutex(State())

    init(
        connection: ConnectionHandle, method: HTTPMethod, path: String, requestID: String, peerAddress: String?,
        headers: HTTPHeaders, query: HTTPQuery
    ) {
        self.connection = connection
        self.started = ContinuousClock.now
        self.method = method
        self.path = path
        self.requestID = requestID
        self.peerAddress = peerAddress
        self.headers = headers
        self.query = query
    }

    /// Stores `response` if the handler is still awaited, so exactly one of the
    /// handler, the deadline sweeper and shutdown answers. Returns whether it won;
    /// with `cancelHandler` the handler's task is cancelled (its result will be dropped).
    func settle(with response: HTTPResponse, routePattern: String?, cancelHandler: Bool) -> Bool {
        let outcome: (won: Bool, task: Task<Void, Never>?) = state.withLock { state in
            guard case .running = state.phase else { return (false, nil) }
            state.phase = .ready(response)
            if let routePattern { state.routePattern = routePattern }
            defer { state.handlerTask = nil }
            return (true, state.handlerTask)
        }
        if outcome.won, cancelHandler { outcome.task?.cancel() }
        return outcome.won
    }
}
