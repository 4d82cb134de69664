import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client for what URLSession and curl will not do: send half a
/// request, send headers without a body, or keep one connection for many requests.
/// Every read has a receive timeout so a broken server fails the test instead of
/// hanging it.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8]

    /// Connects to 127.0.0.1:`port` from `source` (any 127/8 address is
    /// loopback on Linux, which lets a test be two clients); throws when the
    /// connection is refused.
    ///
    /// The descriptor is stored last: a failure before that closes it here
    /// and `deinit` (which runs only for a fully initialized instance) does
    /// not. It once closed it in both places, and the second close closed
    /// whatever descriptor another thread had been given the same number
    /// meanwhile — once one of the server's connection sockets, whose own
    /// close then failed and aborted the test process (found by `make
    /// stress-test`: LifecycleTests connects to a stopped server until it is
    /// refused).
    init(port: Int, from source: String = "127.0.0.1", receiveTimeoutSeconds: Int = 15) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                close(fd)
                throw Failure(description: "bind to \(source) failed errno=\(code)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect failed errno=\(code)")
        }
        buffer = []
        descriptor = fd
    }

    func setReceiveTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw Failure(description: "send failed errno=\(errno)") }
            offset += written
        }
    }

    /// Shuts the write side: the server reads the end of the stream.
    func shutdownWrite() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Whether the peer closes (or resets) the connection within
    /// `milliseconds`; bytes it sends meanwhile are read and dropped.
    func isClosed(withinMilliseconds milliseconds: Int) -> Bool {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: __suseconds_t((milliseconds % 1000) * 1000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET || errno == EPIPE }
        }
    }

    /// Reads until the peer closes: `true` on an orderly close (or reset),
    /// `false` when the receive timeout passed with the connection still open.
    func waitForClose() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Reads one response framed by `Content-Length`.
    func readResponse() throws -> Response {
        let headerEnd = try readUntilHeaderEnd()
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line")
        }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let response = Response(status: status, headers: headers, body: [])
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length { try fill() }
        var complete = response
        complete.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return complete
    }

    private func readUntilHeaderEnd() throws -> Int {
        let marker: [UInt8] = [13, 10, 13, 10]
        var searchFrom = 0
        while true {
            if buffer.count >= 4 {
                for index in searchFrom...(buffer.count - 4) where buffer[index..<(index + 4)].elementsEqual(marker) {
                    return index
                }
                searchFrom = buffer.count - 3
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "connection closed or timed out (\(count), errno=\(errno))") }
        buffer.append(contentsOf: chunk[..<count])
    }
}
