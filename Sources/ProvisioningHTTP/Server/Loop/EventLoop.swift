import CEventLoop
import Foundation
import Synchronization

/// One thread of the server: an event queue (epoll, kqueue) of connections, read, parsed,
/// handled and answered on this thread alone, and an inbox through which
/// other threads hand it work (a new connection, a handler's next step or
/// answer, the order to stop).
///
/// Sockets are watched edge-triggered; a connection reads until the kernel
/// has nothing more or until it has a whole request, and reads again once
/// that request is answered. Every 250 ms (or sooner when busy) the loop
/// looks for connections past their deadlines.
final class EventLoop: Sendable {
    enum Message: Sendable {
        /// A connection the listener accepted.
        case adopt(descriptor: Int32, peer: String?)
        /// A request's handler has a step to run or an answer to write.
        case poke(RequestContext)
        /// Close every connection and end the thread.
        case stop
    }

    private struct Inbox: Sendable {
        var messages: [Message] = []
        /// The eventfd was written and the loop has not taken the messages since.
        var signalled = false
    }

    let index: Int
    let core: ServerCore
    let listener: Listener
    let tls: TLSContext?
    private let queue: Int32
    /// Readable once ``wakeupSignal`` is signalled (one eventfd on Linux).
    private let wakeup: Int32
    private let wakeupSignal: Int32
    private let inbox = Mutex(Inbox())
    /// The loop thread's own state; only that thread touches it.
    private let owned: LoopOwned
    private let completion = ThreadCompletion()

    /// The prefix of the loop threads' names (`http-loop-0`, …).
    static let threadNamePrefix = "http-loop-"
    /// The token of the loop's wake-up descriptor in its event queue.
    private static let wakeupToken: UInt64 = 0
    private static let sweepIntervalMilliseconds: UInt64 = 250

    init(index: Int, core: ServerCore, listener: Listener, tls: TLSContext?) throws {
        self.index = index
        self.core = core
        self.listener = listener
        self.tls = tls
        queue = pp_loop_create()
        var ends: (read: Int32, write: Int32) = (-1, -1)
        let made = pp_wakeup_create(&ends.read, &ends.write) == 0
        wakeup = ends.read
        wakeupSignal = ends.write
        owned = LoopOwned()
        guard queue >= 0, made, pp_loop_watch_readable(queue, wakeup, Self.wakeupToken) == 0 else {
            if queue >= 0 { closeDescriptor(queue) }
            pp_wakeup_close(ends.read, ends.write)
            throw HTTPError(.startFailed, reason: "An event loop could not be created.")
        }
    }

    /// Starts the loop's thread.
    func start() {
        let thread = Thread { [self] in
            pp_set_thread_name(Self.threadNamePrefix + String(index))
            blockBrokenPipeSignals()
            run()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Hands `message` to the loop. Any thread.
    func post(_ message: Message) {
        let signal: Bool = inbox.withLock { inbox in
            inbox.messages.append(message)
            guard !inbox.signalled, !owned.isCurrentThread else { return false }
            inbox.signalled = true
            return true
        }
        if signal { pp_wakeup_signal(wakeupSignal) }
    }

    /// Asks the thread to close every connection and end; ``waitStopped(upTo:)``
    /// awaits it.
    func requestStop() {
        post(.stop)
    }

    /// Returns whether the thread has ended, waiting up to `limit` — a handler
    /// blocking the thread must not hold shutdown forever — and says so to the
    /// diagnostics observer when it has not.
    func waitStopped(upTo limit: Duration) async -> Bool {
        guard await completion.wait(upTo: limit) else {
            core.observers.diagnostics?(
                "event loop \(index) did not stop within \(limit): a handler blocks its thread")
            return false
        }
        return true
    }

    // MARK: The loop thread

    private func run() {
        owned.claimCurrentThread()
        var tokens = [UInt64](repeating: 0, count: 128)
        var events = [UInt32](repeating: 0, count: 128)
        var nextSweep = monotonicMilliseconds() + Self.sweepIntervalMilliseconds
        while owned.running {
            let pending = inbox.withLock { !$0.messages.isEmpty }
            let now = monotonicMilliseconds()
            let timeout = pending ? 0 : Int32(clamping: nextSweep > now ? nextSweep - now : 0)
            let count = tokens.withUnsafeMutableBufferPointer { tokens in
                events.withUnsafeMutableBufferPointer { events in
                    pp_loop_wait(queue, tokens.baseAddress, events.baseAddress, Int32(tokens.count), timeout)
                }
            }
            for index in 0..<max(0, Int(count)) {
                if tokens[index] == Self.wakeupToken {
                    pp_wakeup_drain(wakeup)
                } else if let connection = owned.connections[tokens[index]] {
                    connection.handle(events: events[index])
                }
            }
            processInbox()
            let afterwards = monotonicMilliseconds()
            if afterwards >= nextSweep {
                sweep(now: afterwards)
                nextSweep = afterwards + Self.sweepIntervalMilliseconds
            }
        }
        for connection in Array(owned.connections.values) { connection.close() }
        closeDescriptor(queue)
        pp_wakeup_close(wakeup, wakeupSignal)
        completion.finish()
    }

    private func processInbox() {
        let messages: [Message] = inbox.withLock { inbox in
            inbox.signalled = false
            defer { inbox.messages.removeAll(keepingCapacity: true) }
            return inbox.messages
        }
        for message in messages {
            switch message {
            case .adopt(let descriptor, let peer):
                adopt(descriptor, peer: peer)
            case .poke(let context):
                guard let connection = owned.connections[context.connectionID], connection.owns(context) else {
                    // The connection closed first: nothing answers any more.
                    context.end()
                    continue
                }
                core.resume(context)
                connection.poked()
            case .stop:
                owned.running = false
            }
        }
    }

    private func adopt(_ descriptor: Int32, peer: String?) {
        guard owned.running else {
            closeDescriptor(descriptor)
            listener.connectionClosed(peer: peer)
            return
        }
        let id = owned.nextID
        owned.nextID += 1
        var session: OpaquePointer?
        if let tls {
            session = tls.session(on: descriptor)
            guard session != nil else {
                closeDescriptor(descriptor)
                listener.connectionClosed(peer: peer)
                return
            }
        }
        let connection = Connection(
            id: id, descriptor: descriptor, peerAddress: peer, tls: session, loop: self, now: monotonicMilliseconds())
        guard pp_loop_watch(queue, descriptor, id) == 0 else {
            connection.close()
            return
        }
        owned.connections[id] = connection
        // Edge-triggered: bytes that arrived before the watch began raise no event.
        connection.handle(events: UInt32(PP_EVENT_READABLE))
    }

    private func sweep(now: UInt64) {
        for connection in Array(owned.connections.values) { connection.checkDeadlines(now: now) }
    }

    // MARK: Used by connections (loop thread)

    /// Reads into the loop's scratch buffer.
    func withScratch<R>(_ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        owned.scratch.withUnsafeMutableBytes(body)
    }

    /// The `Date` field's value now.
    func date() -> String {
        owned.date.now()
    }

    /// Forgets a closed connection.
    func remove(_ connection: Connection) {
        _ = pp_loop_unwatch(queue, connection.descriptor)
        owned.connections[connection.id] = nil
    }

    /// Whether the loop is stopping (connections then close after their answer).
    var isStopping: Bool { !owned.running }
}

/// The state of an event loop that only its thread reads or writes.
private final class LoopOwned: @unchecked Sendable {
    // Unchecked: every member but `thread` is touched by the loop thread only;
    // `thread` is written once, before any other thread could compare with it.
    var connections: [UInt64: Connection] = [:]
    var nextID: UInt64 = 1
    var running = true
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    var date = HTTPDate()
    private let thread = Atomic<UInt64>(0)

    func claimCurrentThread() {
        thread.store(pp_current_thread(), ordering: .releasing)
    }

    var isCurrentThread: Bool {
        thread.load(ordering: .acquiring) == pp_current_thread()
    }
}
