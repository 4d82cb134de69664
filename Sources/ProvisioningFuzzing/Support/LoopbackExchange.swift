import Glibc

/// One blocking request/response exchange over a fresh loopback TCP connection,
/// bounded by send/receive timeouts and a response size cap, so a server that
/// stalls costs one timeout, not a hung fuzzer.
enum LoopbackExchange {
    /// How long to wait for the first byte of an answer: an incomplete request
    /// gets none (the server waits for the rest), so this bounds every such input.
    static let firstByteTimeoutMicroseconds = 250_000
    static let maximumResponseBytes = 256 * 1024

    /// Sends `request`, half-closes, and reads until the server closes.
    /// - Returns: the bytes received (empty when the connection failed).
    static func send(_ request: [UInt8], toPort port: Int) -> [UInt8] {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 0, tv_usec: firstByteTimeoutMicroseconds)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
        guard connected == 0 else { return [] }
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { break }
            offset += sent
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while response.count < maximumResponseBytes {
            let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { break }
            if response.isEmpty {
                // The server keeps a finished keep-alive exchange open: once an
                // answer has started, a short quiet gap ends the read.
                var gap = timeval(tv_sec: 0, tv_usec: 20_000)
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &gap, socklen_t(MemoryLayout<timeval>.size))
            }
            response.append(contentsOf: buffer[0..<received])
        }
        return response
    }
}
