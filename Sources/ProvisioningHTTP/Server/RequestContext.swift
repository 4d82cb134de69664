import CMicroHTTPD
import ProvisioningAPI
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
        /// The handler's task runs inline on the polling thread; the connection is
        /// not suspended, so a settled response is queued without a resume.
        case inline
        /// The connection is suspended while the handler's task runs or waits.
        case running
        /// A job of a parked handler resumed the connection; its polling thread
        /// drains the handler again when MHD calls the access handler.
        case waking
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
        /// The executor the handler's task prefers, while it may still run jobs inline.
        var executor: InlineHandlerExecutor?
        /// When a suspended handler is answered `503` instead, counted from its start.
        var deadline: ContinuousClock.Instant?
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

    /// Takes a settled response for queueing, marking the request answered; `nil`
    /// while none is stored.
    func takeReadyResponse() -> (response: HTTPResponse, routePattern: String?)? {
        let taken: (response: HTTPResponse, routePattern: String?, executor: InlineHandlerExecutor?)? =
            state.withLock { state in
                guard case .ready(let response) = state.phase else { return nil }
                state.phase = .answered
                defer { state.executor = nil }
                return (response, state.routePattern, state.executor)
            }
        guard let taken else { return nil }
        // Answered: no polling thread drains this handler again, so whatever it
        // still runs (a cancelled task's last steps) goes to the pool.
        taken.executor?.forward()
        return (taken.response, taken.routePattern)
    }

    /// What ``settle(with:routePattern:cancelHandler:)`` achieved.
    enum Settlement {
        /// Someone else answered first; the response is dropped.
        case lost
        /// Stored while the connection is not suspended (the polling thread runs
        /// the handler inline, or a wake has resumed it): the polling thread
        /// queues it when it next handles the request.
        case stored
        /// Stored for a suspended connection: the caller must resume it.
        case storedNeedsResume
    }

    /// Stores `response` if the handler is still awaited, so exactly one of the
    /// handler, the deadline sweeper and shutdown answers. With `cancelHandler`
    /// the handler's task is cancelled (its result will be dropped).
    func settle(with response: HTTPResponse, routePattern: String?, cancelHandler: Bool) -> Settlement {
        let outcome: (settlement: Settlement, task: Task<Void, Never>?) = state.withLock { state in
            let settlement: Settlement
            switch state.phase {
            // Waking: already resumed; the polling thread queues the response.
            case .inline, .waking: settlement = .stored
            case .running: settlement = .storedNeedsResume
            case .receiving, .ready, .answered: return (.lost, nil)
            }
            state.phase = .ready(response)
            if let routePattern { state.routePattern = routePattern }
            defer { state.handlerTask = nil }
            return (settlement, state.handlerTask)
        }
        if cancelHandler { outcome.task?.cancel() }
        return outcome.settlement
    }
}
