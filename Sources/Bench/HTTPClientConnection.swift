#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One blocking HTTP/1.1 keep-alive connection to a numeric IPv4 address, for
/// ``LoadGenerator``: writes a complete request and reads one answer framed by
/// `Content-Length` or chunked encoding. Used by one thread at a time.
final class HTTPClientConnection {
    struct Answer {
        var status: Int
        var body: [UInt8]
        /// The server asked to close (or closed) the connection.
        var closed: Bool
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(host: String, port: Int) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw BenchError(.system, "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw BenchError(.invalidArgument, "\(host) is not a numeric IPv4 address")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw BenchError(.system, "connect() to \(host):\(port) failed: errno \(errno)")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Sends `request` (head and body) and reads its answer.
    func exchange(_ request: [UInt8]) throws -> Answer {
        try request.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard written > 0 else {
                    if written < 0, errno == EINTR { continue }
                    throw BenchError(.system, "send() failed: errno \(errno)")
                }
                offset += written
            }
        }
        let headEnd = try readHead()
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let statusLine = lines.first?.split(separator: " ") ?? []
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw BenchError(.invalidResponse, "malformed status line")
        }
        var length: Int?
        var chunked = false
        var closed = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces().lowercased()
            switch name {
            case "content-length": length = Int(value)
            case "transfer-encoding": chunked = value.contains("chunked")
            case "connection": closed = value.contains("close")
            default: break
            }
        }
        buffer.removeFirst(headEnd + 4)
        let body: [UInt8]
        if chunked {
            body = try readChunked()
        } else {
            let count = length ?? 0
            try fill(atLeast: count)
            body = Array(buffer[..<count])
            buffer.removeFirst(count)
        }
        return Answer(status: status, body: body, closed: closed)
    }

    /// Reads until the buffer holds a complete head; returns the offset of its
    /// terminating CRLF CRLF.
    private func readHead() throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= 4 {
                var index = max(0, searchFrom - 3)
                while index + 3 < buffer.count {
                    if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                        return index
                    }
                    index += 1
                }
                searchFrom = buffer.count
            }
            try receive()
        }
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readLine()
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingSpaces(), radix: 16) else {
                throw BenchError(.invalidResponse, "bad chunk size")
            }
            buffer.removeFirst(lineEnd + 2)
            if size == 0 {
                // Trailers end with an empty line.
                while true {
                    let end = try readLine()
                    buffer.removeFirst(end + 2)
                    if end == 0 { return body }
                }
            }
            try fill(atLeast: size + 2)
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
    }

    private func readLine() throws -> Int {
        while true {
            if buffer.count >= 2 {
                for index in 0..<(buffer.count - 1) where buffer[index] == 13 && buffer[index + 1] == 10 {
                    return index
                }
            }
            try receive()
        }
    }

    private func fill(atLeast count: Int) throws {
        while buffer.count < count { try receive() }
    }

    private func receive() throws {
        let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if received < 0, errno == EINTR { return }
        guard received > 0 else {
            throw BenchError(
                .system, received == 0 ? "the server closed the connection" : "recv() failed: errno \(errno)")
        }
        buffer += chunk[..<received]
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
