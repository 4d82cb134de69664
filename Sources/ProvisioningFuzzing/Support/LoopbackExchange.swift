import Glibc

/// One blocking request/response exchange over a fresh loopback TCP connection
/// that ends when the server closes it, so an input costs what the server needs,
/// not a fixed wait, while a server that never lets go is reported as hung.
///
/// The exchange half-closes its write side once the server has taken the
/// input: the server then sees the end of the stream and closes the
/// connection, both after a complete answer (instead of keeping it alive) and
/// after an incomplete request (instead of waiting for the rest until its idle
/// timeout). The short settle wait before the half-close lets the server read
/// the request first, so that inputs exercise what follows a request, not only
/// an end of stream that arrives with it.
enum LoopbackExchange {
    /// What the server did with one input.
    struct Response {
        /// The bytes received, at most ``maximumResponseBytes``.
        var bytes: [UInt8]
        /// The server neither closed the connection nor filled the response cap
        /// within ``hangTimeoutMilliseconds``.
        var hung: Bool
    }

    /// How long to let the server take the input before half-closing: a complete
    /// request is usually answered within it, an incomplete one read.
    static let settleMilliseconds: Int32 = 2
    /// How long the server may take to close after the half-close. A healthy
    /// server closes at once, or, when it read the input and the FIN together,
    /// after its idle timeout; anything longer is a hang.
    static let hangTimeoutMilliseconds = 8_000
    static let maximumResponseBytes = 256 * 1024

    /// Sends `request`, half-closes, and reads until the server closes.
    /// - Parameter hangTimeout: milliseconds the server may take to close after
    ///   the half-close (tests shorten it).
    /// - Returns: the bytes received (empty when the connection failed) and
    ///   whether the server hung.
    static func send(
        _ request: [UInt8], toPort port: Int, hangTimeout: Int = hangTimeoutMilliseconds
    ) -> Response {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return Response(bytes: [], hung: false) }
        defer { close(descriptor) }
        // Bounds connect and send too: a server that stops accepting or reading
        // must not block the fuzzer beyond the hang bound.
        var timeout = timeval(tv_sec: hangTimeout / 1000, tv_usec: (hangTimeout % 1000) * 1000)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return Response(bytes: [], hung: false) }
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { break }
            offset += sent
        }
        _ = waitForInput(on: descriptor, milliseconds: Int(settleMilliseconds))
        shutdown(descriptor, Int32(SHUT_WR))

        let deadline = monotonicMilliseconds() + hangTimeout
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while response.count < maximumResponseBytes {
            let remaining = deadline - monotonicMilliseconds()
            guard remaining > 0, waitForInput(on: descriptor, milliseconds: remaining) else {
                return Response(bytes: response, hung: true)
            }
            let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if received < 0, errno == EINTR || errno == EAGAIN { continue }
            // 0 is the server's close; a reset or another error ends the exchange as well.
            guard received > 0 else { break }
            response.append(contentsOf: buffer[0..<received])
        }
        return Response(bytes: response, hung: false)
    }

    /// Whether the socket became readable (data, end-of-file or an error) within the wait.
    private static func waitForInput(on descriptor: Int32, milliseconds: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, Int32(clamping: milliseconds))
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
