import CEventLoop
import Foundation
import Synchronization

/// The listening socket and the thread that accepts from it, within the
/// server's connection limits, handing each connection to an event loop in
/// turn.
///
/// While the table is full (``HTTPServer/Limits/maxConnections``) the thread
/// stops accepting, so further clients wait in the kernel's backlog until a
/// connection closes. A connection from an address that already has
/// ``HTTPServer/Limits/maxConnectionsPerIP`` open is accepted and closed at
/// once.
final class Listener: Sendable {
    let descriptor: Int32
    let port: Int
    private let limits: HTTPServer.Limits
    /// Readable once ``wakeupSignal`` is signalled (one eventfd on Linux).
    private let wakeup: Int32
    private let wakeupSignal: Int32
    private let loops = Mutex<[EventLoop]>([])
    private let open = Atomic<Int>(0)
    private let perAddress = Mutex<[String: Int]>([:])
    private let stopping = Atomic<Bool>(false)
    private let completion = ThreadCompletion()

    /// Binds and listens.
    ///
    /// - Throws: ``HTTPError`` `invalidConfiguration` for a host that is not a
    ///   numeric address, `startFailed` when the port cannot be bound.
    init(host: String, port: Int, limits: HTTPServer.Limits) throws {
        var status: Int32 = 0
        var error: Int32 = 0
        let descriptor = pp_listen(host, UInt16(port), 1024, &status, &error)
        guard descriptor >= 0 else {
            if status == Int32(PP_LISTEN_BAD_HOST) {
                throw HTTPError(.invalidConfiguration, reason: "The host must be a numeric IP address.")
            }
            throw HTTPError(
                .startFailed, reason: "Could not listen on \(host):\(port) (\(String(cString: strerror(error)))).")
        }
        var ends: (read: Int32, write: Int32) = (-1, -1)
        guard pp_wakeup_create(&ends.read, &ends.write) == 0 else {
            closeDescriptor(descriptor)
            throw HTTPError(.startFailed, reason: "The listener's wake-up descriptor could not be created.")
        }
        wakeup = ends.read
        wakeupSignal = ends.write
        self.descriptor = descriptor
        self.port = Int(pp_bound_port(descriptor))
        self.limits = limits
    }

    /// Starts accepting into `loops`.
    func start(into loops: [EventLoop]) {
        self.loops.withLock { $0 = loops }
        let thread = Thread { [self] in
            pp_set_thread_name("http-accept")
            run()
        }
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Stops accepting at once: new connection attempts are refused, not
    /// parked in a backlog nobody accepts from. Returns once the accepting
    /// thread has ended (it wakes at least every 250 ms), or after 5 s; the
    /// descriptor is closed by ``close()``.
    func stopAccepting() async {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // shutdown() keeps the descriptor valid for the accepting thread (no
        // reuse race) while the kernel refuses new connections.
        shutdownDescriptor(descriptor, both: true)
        pp_wakeup_signal(wakeupSignal)
        _ = await completion.wait(upTo: .seconds(5))
    }

    /// Releases the descriptors, after ``stopAccepting()``; kept open (not
    /// reused under it) while the accepting thread has not ended.
    func close() {
        guard completion.isFinished else { return }
        closeDescriptor(descriptor)
        pp_wakeup_close(wakeup, wakeupSignal)
    }

    /// A connection handed to a loop has closed. Any thread.
    func connectionClosed(peer: String?) {
        if let peer, (limits.maxConnectionsPerIP ?? 0) > 0 {
            perAddress.withLock { counts in
                let left = (counts[peer] ?? 1) - 1
                counts[peer] = left > 0 ? left : nil
            }
        }
        let before = open.subtract(1, ordering: .acquiringAndReleasing).oldValue
        // The accepting thread waits while the table is full: tell it a slot is free.
        if before >= limits.maxConnections { pp_wakeup_signal(wakeupSignal) }
    }

    // MARK: The accepting thread

    private func run() {
        let loops = self.loops.withLock { $0 }
        var next = 0
        var peer = [CChar](repeating: 0, count: 64)
        while !stopping.load(ordering: .acquiring) {
            let full = open.load(ordering: .acquiring) >= limits.maxConnections
            var watched = [
                pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            ]
            // While full only a freed slot (or the stop) wakes the thread; a
            // bounded wait re-checks the count in any case.
            let ready = poll(&watched, full ? 1 : 2, 250)
            if ready <= 0 { continue }
            if watched[0].revents != 0 { pp_wakeup_drain(wakeup) }
            guard !full, watched[1].revents != 0 else { continue }
            while !stopping.load(ordering: .acquiring), open.load(ordering: .acquiring) < limits.maxConnections {
                let accepted = peer.withUnsafeMutableBufferPointer { buffer in
                    pp_accept(descriptor, buffer.baseAddress, buffer.count)
                }
                if accepted == -1 { break }
                if accepted == -3 { continue }
                if accepted == -2 {
                    // Out of descriptors: give closing connections a moment.
                    usleep(10_000)
                    break
                }
                let address = String(decoding: peer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let from = address.isEmpty ? nil : address
                guard admit(from) else {
                    closeDescriptor(accepted)
                    continue
                }
                open.add(1, ordering: .acquiringAndReleasing)
                loops[next % loops.count].post(.adopt(descriptor: accepted, peer: from))
                next &+= 1
            }
        }
        completion.finish()
    }

    /// Counts a connection from `peer` against the per-address limit; `false`
    /// when it is over.
    private func admit(_ peer: String?) -> Bool {
        guard let limit = limits.maxConnectionsPerIP, limit > 0, let peer else { return true }
        return perAddress.withLock { counts in
            let current = counts[peer] ?? 0
            guard current < limit else { return false }
            counts[peer] = current + 1
            return true
        }
    }
}
