import ProvisioningAPI

/// Reads one HTTP/1.1 response from a byte source: the head, then a body
/// framed by `Content-Length`, by chunked transfer coding or by the end of
/// the stream, within the configured caps.
struct ResponseReader {
    private let maximumHeadBytes: Int
    private let maximumBodyBytes: Int
    private let peer: String
    /// The next bytes of the stream; empty at its end.
    private let source: () throws -> ArraySlice<UInt8>
    private var buffer: [UInt8] = []
    /// Where the unread bytes of ``buffer`` start.
    private var position = 0

    private static let crlf: [UInt8] = [0x0D, 0x0A]

    init(
        maximumHeadBytes: Int, maximumBodyBytes: Int, peer: String,
        source: @escaping () throws -> ArraySlice<UInt8>
    ) {
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.peer = peer
        self.source = source
    }

    mutating func readResponse(method: HTTPMethod) throws -> HTTPClient.Response {
        while true {
            let (status, headers) = try readHead()
            // 101 would switch protocols, which a request of this client never asks for.
            if (100..<200).contains(status.code), status.code != 101 { continue }
            let body = try readBody(status: status, headers: headers, method: method)
            return HTTPClient.Response(status: status, headers: headers, body: body)
        }
    }

    // MARK: Head

    private mutating func readHead() throws -> (HTTPStatus, HTTPHeaders) {
        var lines: [[UInt8]] = []
        var size = 0
        while true {
            let line = try readLine(limit: maximumHeadBytes - size, what: "response head")
            size += line.count + 2
            if line.isEmpty {
                // Tolerate blank lines before the status line (RFC 9112 §2.2).
                if lines.isEmpty { continue }
                break
            }
            lines.append(line)
        }
        let statusLine = String(decoding: lines[0], as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].utf8.count == 3,
            let code = Int(parts[1]), (100...999).contains(code)
        else {
            throw invalid("the status line is not HTTP/1.x")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                HTTPSyntax.isToken(String(decoding: line[..<colon], as: UTF8.self))
            else {
                throw invalid("a header line is malformed")
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            headers.add(
                name: String(decoding: line[..<colon], as: UTF8.self),
                value: value.trimmingWhitespace())
        }
        return (HTTPStatus(code), headers)
    }

    // MARK: Body

    private mutating func readBody(status: HTTPStatus, headers: HTTPHeaders, method: HTTPMethod) throws -> [UInt8] {
        if method == .head || status.code == 204 || status.code == 304 { return [] }
        let codings = headers.values(for: "Transfer-Encoding")
            .flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace().lowercased() }
        if let last = codings.last {
            guard last == "chunked" else { return try readToEnd() }
            guard codings.count == 1 else { throw invalid("transfer codings other than chunked are not supported") }
            return try readChunked()
        }
        let lengths = Set(
            headers.values(for: "Content-Length").flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace() })
        guard let text = lengths.first else { return try readToEnd() }
        guard lengths.count == 1, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let length = Int(text)
        else {
            throw invalid("the Content-Length is not one number")
        }
        guard length <= maximumBodyBytes else { throw tooLarge() }
        return try take(length)
    }

    private mutating func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine(limit: 1024, what: "chunk size")
            let sizeText = String(decoding: line, as: UTF8.self)
                .split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingWhitespace()
            guard !sizeText.isEmpty, sizeText.utf8.count <= 15, let size = Int(sizeText, radix: 16), size >= 0 else {
                throw invalid("a chunk size is not hexadecimal")
            }
            if size == 0 { break }
            guard size <= maximumBodyBytes - body.count else { throw tooLarge() }
            body += try take(size)
            guard try readLine(limit: 0, what: "chunk").isEmpty else { throw invalid("a chunk overruns its size") }
        }
        // Trailer fields are read and dropped.
        var trailerBytes = 0
        while true {
            let line = try readLine(limit: maximumHeadBytes - trailerBytes, what: "trailer")
            if line.isEmpty { return body }
            trailerBytes += line.count + 2
        }
    }

    private mutating func readToEnd() throws -> [UInt8] {
        while try fill() {
            guard buffer.count - position <= maximumBodyBytes else { throw tooLarge() }
        }
        defer { position = buffer.count }
        return Array(buffer[position...])
    }

    // MARK: Bytes

    /// Reads more bytes into the buffer; false at the end of the stream.
    private mutating func fill() throws -> Bool {
        if position > 64 * 1024, position * 2 > buffer.count {
            buffer.removeFirst(position)
            position = 0
        }
        let bytes = try source()
        buffer += bytes
        return !bytes.isEmpty
    }

    /// The next line without its CRLF; fails once it runs past `limit` bytes.
    private mutating func readLine(limit: Int, what: String) throws -> [UInt8] {
        var searchFrom = position
        while true {
            if let end = Self.firstCRLF(in: buffer, from: searchFrom) {
                guard end - position <= limit else { throw lineTooLong(what) }
                defer { position = end + 2 }
                return Array(buffer[position..<end])
            }
            guard buffer.count - position <= limit + 1 else { throw lineTooLong(what) }
            searchFrom = max(position, buffer.count - 1)
            guard try fill() else { throw invalid("the connection closed inside the \(what)") }
        }
    }

    private mutating func take(_ count: Int) throws -> [UInt8] {
        while buffer.count - position < count {
            guard try fill() else { throw invalid("the connection closed before the body was complete") }
        }
        defer { position += count }
        return Array(buffer[position..<(position + count)])
    }

    private static func firstCRLF(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x0D, bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    // MARK: Errors

    private func invalid(_ what: String) -> HTTPError {
        HTTPError(.invalidResponse, reason: "the response of \(peer) is invalid: \(what)")
    }

    private func tooLarge() -> HTTPError {
        HTTPError(
            .responseTooLarge, reason: "the response body of \(peer) exceeds \(maximumBodyBytes) bytes")
    }

    private func lineTooLong(_ what: String) -> HTTPError {
        what == "chunk"
            ? invalid("a chunk overruns its size")
            : HTTPError(.responseTooLarge, reason: "the \(what) of \(peer) is too long")
    }
}
