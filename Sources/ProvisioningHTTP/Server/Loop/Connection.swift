import CEventLoop
import COpenSSLShims
import ProvisioningAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection, on the thread of the event loop that owns it:
/// reads a request (head, then body), hands it to its handler, writes the
/// answer, and starts over, or closes.
///
/// Reading stops while a request is handled and answered, so pipelined
/// requests wait in the kernel, and resumes once the answer is written. A
/// refused request is answered with a problem and the connection closed
/// after a lingering close: the write side shut, what the client still sends
/// read and dropped (within ``lingerMilliseconds`` and ``lingerBytes``), so
/// that the answer reaches a client still sending its body instead of being
/// lost to a reset.
final class Connection {
    enum Phase {
        /// Reading a request's head or body.
        case reading
        /// The request is complete; its handler has not answered yet.
        case handling
        /// An answer is being written.
        case writing
        /// Closing: the write side is shut, what arrives is dropped.
        case lingering
        case closed
    }

    let id: UInt64
    let descriptor: Int32
    let peerAddress: String?
    private var tls: OpaquePointer?
    private unowned let loop: EventLoop
    private var core: ServerCore { loop.core }
    private var limits: HTTPServer.Limits { loop.core.limits }

    private var phase = Phase.reading
    /// Received bytes; the unread ones start at `inputStart`.
    private var input: [UInt8] = []
    private var inputStart = 0
    /// Whether the socket may have bytes the connection has not read (edge-triggered).
    private var readPending = true
    /// The kernel said the client shut its side (EPOLLRDHUP, EV_EOF): reads go
    /// on until they see the end of the stream, even after a short one, since
    /// that end raises no edge of its own once its event has been taken.
    private var hangUpSeen = false
    private var parser: RequestHeadParser
    /// The head of the request being read, then answered.
    private var head: RequestHead?
    private var remainingBody = 0
    private var chunked: ChunkedBodyDecoder?
    private var body: [UInt8] = []
    private var requestStarted: ContinuousClock.Instant?
    private var context: RequestContext?
    private var output: [UInt8] = []
    private var outputOffset = 0
    private var closeAfterOutput = false
    /// Monotonic milliseconds; 0 for none.
    private var readDeadline: UInt64 = 0
    private var idleDeadline: UInt64 = 0
    private var lingerDeadline: UInt64 = 0
    private var lingeredBytes = 0

    /// How long a closing connection waits for the client to stop sending.
    static let lingerMilliseconds: UInt64 = 2000
    /// How much a closing connection drops before it closes anyway.
    var lingerBytes: Int { max(limits.maxBodyBytes, 1024 * 1024) }

    init(id: UInt64, descriptor: Int32, peerAddress: String?, tls: OpaquePointer?, loop: EventLoop, now: UInt64) {
        self.id = id
        self.descriptor = descriptor
        self.peerAddress = peerAddress
        self.tls = tls
        self.loop = loop
        self.parser = RequestHeadParser(maximumHeadBytes: loop.core.limits.maxHeaderBytes)
        restartDeadlines(now: now)
    }

    /// Whether `context` is this connection's request in flight.
    func owns(_ context: RequestContext) -> Bool {
        self.context === context
    }

    // MARK: Events

    /// The socket is readable, writable or hung up (edge-triggered).
    func handle(events: UInt32) {
        guard phase != .closed else { return }
        // TLS may need to write to read (or read to write): any event retries both.
        if events & UInt32(PP_EVENT_HANGUP) != 0 { hangUpSeen = true }
        if events & UInt32(PP_EVENT_READABLE | PP_EVENT_HANGUP) != 0 || tls != nil { readPending = true }
        if outputOffset < output.count { flush() }
        pump()
    }

    /// Moves on as far as the bytes at hand allow: the requests already
    /// buffered, then what the socket has.
    private func pump() {
        if phase == .reading { process() }
        if readPending, phase == .reading || phase == .lingering { readAvailable() }
    }

    private func readAvailable() {
        while readPending, phase == .reading || phase == .lingering {
            let (received, capacity) = loop.withScratch { scratch -> (Int, Int) in
                let count = receive(into: scratch)
                if count > 0, phase == .reading {
                    input.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
                }
                return (count, scratch.count)
            }
            switch received {
            case 1...:
                // A plain socket that gave less than asked for is drained: what
                // arrives next raises an edge of its own, so no read is spent
                // on EAGAIN. TLS reads a record at a time and may hold more.
                if tls == nil, received < capacity, !hangUpSeen { readPending = false }
                idleDeadline = nextIdleDeadline()
                if phase == .lingering {
                    lingeredBytes += received
                    if lingeredBytes > lingerBytes { close() }
                } else {
                    process()
                }
            case Self.wouldBlock:
                readPending = false
                return
            case 0:
                // The client is done sending: a request not complete now never will be.
                readPending = false
                close()
                return
            default:
                close()
                return
            }
        }
    }

    // MARK: Requests

    /// Reads requests from the buffered bytes while they are complete.
    private func process() {
        while phase == .reading {
            if head == nil {
                guard inputStart < input.count, let parsed = parseHead() else {
                    compact()
                    return
                }
                guard phase == .reading else { return }
                guard begin(parsed) else { return }
            }
            guard let current = head, readBody(current) else {
                compact()
                return
            }
            guard phase == .reading else { return }
            let complete = body
            body = []
            parser.reset()
            compact()
            start(current, body: complete)
        }
    }

    /// The head at the start of the unread bytes, `nil` while incomplete (or refused).
    private func parseHead() -> RequestHead? {
        do {
            let start = inputStart
            let outcome = try input.withUnsafeBufferPointer { bytes in
                try parser.parse(UnsafeBufferPointer(rebasing: bytes[start...]))
            }
            guard case .head(let parsed, let length) = outcome else { return nil }
            inputStart += length
            return parsed
        } catch {
            refuse(error as? ProblemDetails ?? RequestHeadParser.malformed("The request head is malformed."), head: nil)
            return nil
        }
    }

    /// Takes a parsed head: refuses it, or prepares to read its body.
    private func begin(_ parsed: RequestHead) -> Bool {
        requestStarted = ContinuousClock.now
        if let refusal = parsed.refusal {
            refuse(refusal, head: parsed)
            return false
        }
        switch parsed.framing {
        case .length(let length) where length > limits.maxBodyBytes:
            // Refused before any of it is read: with the answer sent, a client
            // waiting on `100 Continue` never sends the body.
            refuse(tooLarge, head: parsed)
            return false
        case .length(let length):
            remainingBody = length
            // One allocation instead of regrowing per read; capped, so a client
            // that declares a large body and sends nothing costs little.
            body.reserveCapacity(min(length, 64 * 1024))
        case .chunked:
            chunked = ChunkedBodyDecoder(maximumBodyBytes: limits.maxBodyBytes, maximumHeadBytes: limits.maxHeaderBytes)
        case .none:
            break
        }
        head = parsed
        let hasBody = parsed.framing != .none && parsed.framing != .length(0)
        if parsed.expectsContinue, hasBody, inputStart == input.count {
            output += ResponseEncoder.continueResponse
            flush()
        }
        return true
    }

    /// Reads the body from the buffered bytes; `true` once it is complete.
    private func readBody(_ current: RequestHead) -> Bool {
        switch current.framing {
        case .none:
            return true
        case .length:
            let take = min(input.count - inputStart, remainingBody)
            if take > 0 {
                body.append(contentsOf: input[inputStart..<(inputStart + take)])
                inputStart += take
                remainingBody -= take
            }
            return remainingBody == 0
        case .chunked:
            do {
                let start = inputStart
                let consumed = try input.withUnsafeBufferPointer { bytes in
                    try chunked?.decode(UnsafeBufferPointer(rebasing: bytes[start...])) ?? 0
                }
                inputStart += consumed
            } catch {
                chunked = nil
                refuse(
                    error as? ProblemDetails ?? RequestHeadParser.malformed("The chunked body is malformed."),
                    head: current)
                return false
            }
            guard let decoder = chunked, decoder.isComplete else { return false }
            body = decoder.body
            chunked = nil
            return true
        }
    }

    /// Hands a complete request to its handler, and writes the answer if the
    /// handler gave it without waiting.
    private func start(_ current: RequestHead, body: [UInt8]) {
        phase = .handling
        let requestID = RequestIdentifier.resolve(incoming: current.headers[RequestIdentifier.headerName])
        let context = RequestContext(
            connectionID: id, loop: loop, started: requestStarted ?? .now, method: current.method, path: current.path,
            requestID: requestID, peerAddress: peerAddress, requestBodyBytes: body.count)
        self.context = context
        let request = HTTPRequest(
            method: current.method, path: current.path, query: current.query, headers: current.headers, body: body,
            peerAddress: peerAddress, requestID: requestID)
        core.start(context, request: request)
        deliverIfReady()
    }

    /// Writes the request's answer once it is settled. After a poke, and
    /// after a handler's inline run; it never reads, so a run of pipelined
    /// requests is served by ``process()``'s loop, not by recursion.
    private func deliverIfReady() {
        guard phase == .handling, let context, let current = head, let ready = context.takeReadyResponse() else {
            return
        }
        core.record(
            method: context.method, path: context.path, requestID: context.requestID, peerAddress: peerAddress,
            started: context.started, response: ready.response, routePattern: ready.routePattern,
            requestBodyBytes: context.requestBodyBytes)
        let close =
            !current.keepAlive || core.draining.load(ordering: .relaxed) || loop.isStopping
            || ResponseEncoder.asksToClose(ready.response)
        send(ready.response, requestID: context.requestID, for: current, close: close)
    }

    /// The loop was poked for this connection's request: write its answer if
    /// settled, then move on (the answer written, the next request may be
    /// buffered already).
    func poked() {
        deliverIfReady()
        pump()
    }

    /// Answers a request that cannot be served with `problem`, then closes.
    private func refuse(_ problem: ProblemDetails, head refused: RequestHead?) {
        let requestID = RequestIdentifier.resolve(incoming: refused?.headers[RequestIdentifier.headerName])
        let response = HTTPResponse(problem: problem, instance: refused?.path, requestID: requestID)
        core.record(
            method: refused?.method ?? HTTPMethod("-"), path: refused?.path ?? "", requestID: requestID,
            peerAddress: peerAddress, started: requestStarted ?? .now, response: response, routePattern: nil,
            requestBodyBytes: 0)
        head = refused
        send(response, requestID: requestID, for: refused, close: true)
    }

    private var tooLarge: ProblemDetails {
        ProblemDetails(.bodyTooLarge, detail: "The request body exceeds \(limits.maxBodyBytes) bytes.")
    }

    // MARK: Writing

    private func send(_ response: HTTPResponse, requestID: String, for request: RequestHead?, close: Bool) {
        output += ResponseEncoder.encode(
            response, requestID: requestID, omitBody: request?.method == .head, close: close,
            keepAliveHTTP10: request?.version == .http10 && !close, date: loop.date())
        closeAfterOutput = close
        phase = .writing
        flush()
    }

    /// Writes what the socket takes of the pending output; once all of it is
    /// written, the answer is complete.
    private func flush() {
        while outputOffset < output.count {
            let start = outputOffset
            let sent = output.withUnsafeBytes { bytes in transmit(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
            if sent > 0 {
                outputOffset += sent
                idleDeadline = nextIdleDeadline()
            } else if sent == Self.wouldBlock {
                return
            } else {
                close()
                return
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
        outputOffset = 0
        if phase == .writing { answered() }
    }

    /// The answer is written: the next request, or the close.
    private func answered() {
        if let context {
            core.end(context)
            self.context = nil
        }
        head = nil
        requestStarted = nil
        guard !closeAfterOutput else {
            beginLingeringClose()
            return
        }
        phase = .reading
        // Edge-triggered: bytes that arrived while the request was handled
        // raised their event then (`readPending`); the next pump reads them.
        restartDeadlines(now: monotonicMilliseconds())
    }

    // MARK: Closing

    private func beginLingeringClose() {
        // close_notify first, while the session still writes; raw reads from here on.
        pp_tls_server_session_free(tls)
        tls = nil
        shutdownDescriptor(descriptor, both: false)
        phase = .lingering
        lingerDeadline = monotonicMilliseconds() + Self.lingerMilliseconds
        lingeredBytes = 0
        readPending = true
    }

    /// Closes the connection at once; a request in flight is dropped.
    func close() {
        guard phase != .closed else { return }
        phase = .closed
        loop.remove(self)
        pp_tls_server_session_free(tls)
        tls = nil
        closeDescriptor(descriptor)
        if let context {
            core.end(context)
            self.context = nil
        }
        loop.listener.connectionClosed(peer: peerAddress)
    }

    /// Closes the connection when one of its deadlines has passed.
    func checkDeadlines(now: UInt64) {
        switch phase {
        case .reading:
            // The read deadline counts from the opening or the previous answer,
            // whatever arrives meanwhile: a client trickling its request is cut off.
            if readDeadline != 0, now >= readDeadline { close() }
            if idleDeadline != 0, now >= idleDeadline { close() }
        case .writing:
            if idleDeadline != 0, now >= idleDeadline { close() }
        case .lingering:
            if now >= lingerDeadline { close() }
        case .handling, .closed:
            break
        }
    }

    private func restartDeadlines(now: UInt64) {
        readDeadline = limits.requestReadTimeout.map { now + UInt64(max(1, $0.milliseconds)) } ?? 0
        idleDeadline = nextIdleDeadline(from: now)
    }

    /// When the connection is idle too long, counted from `now`; 0 without an idle timeout.
    private func nextIdleDeadline(from now: UInt64 = monotonicMilliseconds()) -> UInt64 {
        limits.idleTimeout > 0 ? now + UInt64(limits.idleTimeout) * 1000 : 0
    }

    /// Drops bytes already read.
    private func compact() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
            inputStart = 0
        } else if inputStart > 32 * 1024 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }

    // MARK: Bytes

    /// What ``receive(into:)`` and ``transmit(_:)`` return when the socket has nothing for now.
    static let wouldBlock = -2

    /// Reads into `buffer`: a count, 0 at the end of the stream, ``wouldBlock``, or -1 on a failure.
    private func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if let tls {
            let count = pp_tls_server_read(tls, buffer.baseAddress, buffer.count)
            switch count {
            case 1...: return count
            case Int(PP_TLS_SERVER_CLOSED): return 0
            case Int(PP_TLS_SERVER_WANTS_READ), Int(PP_TLS_SERVER_WANTS_WRITE): return Self.wouldBlock
            default: return -1
            }
        }
        while true {
            let count = receiveBytes(descriptor, buffer)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? Self.wouldBlock : -1
        }
    }

    /// Writes from `bytes`: a count, ``wouldBlock``, or -1 on a failure.
    private func transmit(_ bytes: UnsafeRawBufferPointer) -> Int {
        if let tls {
            let count = pp_tls_server_write(tls, bytes.baseAddress, bytes.count)
            switch count {
            case 1...: return count
            case Int(PP_TLS_SERVER_WANTS_READ), Int(PP_TLS_SERVER_WANTS_WRITE): return Self.wouldBlock
            default: return -1
            }
        }
        while true {
            let count = sendBytes(descriptor, bytes)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? Self.wouldBlock : -1
        }
    }
}
