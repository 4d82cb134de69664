import ProvisioningAPI
import Synchronization

/// One request between the moment its last byte arrived and the moment its
/// answer is written: what its handler, the deadline sweeper and shutdown
/// share with the event loop that owns the connection.
///
/// Exactly one of them settles it (``settle(with:routePattern:cancelHandler:)``);
/// the event loop alone writes the answer.
final class RequestContext: Sendable {
    enum Phase: Sendable {
        /// The handler's task runs inline on the event loop's thread.
        case inline
        /// The handler waits (its executor parked) or runs on the pool.
        case running
        /// A step of a parked handler arrived: the event loop drains it next.
        case waking
        /// An answer waits for the event loop to write it.
        case ready(HTTPResponse)
        /// The answer was taken for writing, or the connection closed.
        case answered
    }

    struct State: Sendable {
        var phase: Phase = .inline
        var routePattern: String?
        var handlerTask: Task<Void, Never>?
        /// The executor the handler's task prefers, while it may still run jobs inline.
        var executor: InlineHandlerExecutor?
        /// When the handler is answered `503` instead, counted from its start.
        var expires: ContinuousClock.Instant?
        /// Whether the server's book lists the request (only a handler that
        /// ran past its inline run is: one answered inline never needs the
        /// deadline sweeper or shutdown to find it).
        var booked = false
    }

    /// The connection's key in its event loop.
    let connectionID: UInt64
    let loop: EventLoop
    let started: ContinuousClock.Instant
    let method: HTTPMethod
    let path: String
    let requestID: String
    let peerAddress: String?
    let requestBodyBytes: Int
    let state = Mutex(State())

    init(
        connectionID: UInt64, loop: EventLoop, started: ContinuousClock.Instant, method: HTTPMethod, path: String,
        requestID: String, peerAddress: String?, requestBodyBytes: Int
    ) {
        self.connectionID = connectionID
        self.loop = loop
        self.started = started
        self.method = method
        self.path = path
        self.requestID = requestID
        self.peerAddress = peerAddress
        self.requestBodyBytes = requestBodyBytes
    }

    /// Takes a settled answer for writing, marking the request answered; `nil`
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
        // Answered: no event loop drains this handler again, so whatever it
        // still runs (a cancelled task's last steps) goes to the pool.
        taken.executor?.forward()
        return (taken.response, taken.routePattern)
    }

    /// Marks the request over (answer written, or connection gone); whatever
    /// its handler still runs goes to the pool and any later answer is
    /// dropped. Returns whether the request was in the server's book.
    @discardableResult
    func end() -> Bool {
        let (executor, booked): (InlineHandlerExecutor?, Bool) = state.withLock { state in
            state.phase = .answered
            defer { state.executor = nil }
            return (state.executor, state.booked)
        }
        executor?.forward()
        return booked
    }

    /// What ``settle(with:routePattern:cancelHandler:)`` achieved.
    enum Settlement {
        /// Someone else answered first; the response is dropped.
        case lost
        /// Stored while the event loop runs the handler inline or is about to
        /// drain it: the loop writes it without being told.
        case stored
        /// Stored for a handler that runs elsewhere: the event loop must be poked.
        case storedNeedsPoke
    }

    /// Stores `response` if the handler is still awaited, so exactly one of the
    /// handler, the deadline sweeper and shutdown answers. With `cancelHandler`
    /// the handler's task is cancelled (its result will be dropped).
    func settle(with response: HTTPResponse, routePattern: String?, cancelHandler: Bool) -> Settlement {
        let outcome: (settlement: Settlement, task: Task<Void, Never>?) = state.withLock { state in
            let settlement: Settlement
            switch state.phase {
            case .inline, .waking: settlement = .stored
            case .running: settlement = .storedNeedsPoke
            case .ready, .answered: return (.lost, nil)
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
