import ProvisioningAPI

/// Reads a request head from the bytes a connection received, strictly as
/// RFC 9112 writes it, so that what this server takes for one request is what
/// any proxy in front of it takes too.
///
/// Refused, with a problem (the connection is then closed): a request line
/// that is not `method SP target SP HTTP/d.d`, a bare CR, whitespace before a
/// header's colon or at the start of a line (obsolete folding), control
/// characters in a field value, a missing or repeated `Host` in HTTP/1.1,
/// `Content-Length` beside `Transfer-Encoding`, lengths that disagree or are
/// not decimal, `Transfer-Encoding` in HTTP/1.0 or without `chunked` last
/// (`400`); codings other than `chunked` (`501`); an HTTP major version other
/// than 1 (`505`); a head past ``maximumHeadBytes`` (`431`, or `414` when the
/// request line alone is). A line may end with LF alone (§2.2 allows it); empty
/// lines before the request line are skipped.
///
/// The search for the end of the head resumes where the previous call left
/// off, so a head trickled in byte by byte costs linear time.
package struct RequestHeadParser {
    /// What ``parse(_:)`` found.
    package enum Outcome {
        /// The head is not complete yet.
        case incomplete
        /// A head of `length` bytes (its blank line and any empty lines before it included).
        case head(RequestHead, length: Int)
    }

    package let maximumHeadBytes: Int
    /// Bytes of the current head already searched for its end.
    private var searched = 0

    package init(maximumHeadBytes: Int) {
        self.maximumHeadBytes = maximumHeadBytes
    }

    /// Starts over for the next request on the connection.
    package mutating func reset() {
        searched = 0
    }

    /// Parses the head at the start of `bytes`.
    ///
    /// - Throws: ``ProvisioningAPI/ProblemDetails`` when the bytes cannot be a
    ///   request head (syntax, size); a head that parses but is framed in a way
    ///   this server refuses comes back with ``RequestHead/refusal`` set.
    package mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Outcome {
        var start = 0
        // Empty lines before the request line (RFC 9112 §2.2): skipped, counted
        // against the limit.
        while start < bytes.count, start <= maximumHeadBytes {
            if bytes[start] == Self.lf {
                start += 1
            } else if bytes[start] == Self.cr {
                guard start + 1 < bytes.count else { return .incomplete }
                guard bytes[start + 1] == Self.lf else { throw Self.malformed("The request has a bare CR.") }
                start += 2
            } else {
                break
            }
        }
        guard let end = findEnd(in: bytes, from: start) else {
            if bytes.count - start > maximumHeadBytes {
                let lineEnds = bytes[start..<(start + maximumHeadBytes)].contains(Self.lf)
                throw lineEnds ? Self.tooLarge : Self.lineTooLong
            }
            return .incomplete
        }
        guard end - start <= maximumHeadBytes else {
            let firstLine = bytes[start..<end].firstIndex(of: Self.lf) ?? end
            throw firstLine - start > maximumHeadBytes ? Self.lineTooLong : Self.tooLarge
        }
        let head = try Self.head(from: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        searched = 0
        return .head(head, length: end)
    }

    /// The index just past the blank line that ends the head, or `nil`.
    private mutating func findEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        // A blank line is LF followed by LF or CR LF: resume a little before
        // where the last search stopped, so a terminator split across two
        // reads is found.
        var index = max(start, start + searched - 2)
        let limit = min(bytes.count, start + maximumHeadBytes + 4)
        while index < limit {
            if bytes[index] == Self.lf {
                if index + 1 < bytes.count, bytes[index + 1] == Self.lf { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == Self.cr, bytes[index + 2] == Self.lf {
                    return index + 3
                }
            }
            index += 1
        }
        searched = max(0, limit - start)
        return nil
    }

    // MARK: The head's lines

    private static func head(from bytes: UnsafeBufferPointer<UInt8>) throws -> RequestHead {
        var lines: [Range<Int>] = []
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == lf {
                var lineEnd = index
                if lineEnd > lineStart, bytes[lineEnd - 1] == cr { lineEnd -= 1 }
                if lineEnd > lineStart { lines.append(lineStart..<lineEnd) }
                lineStart = index + 1
            } else if byte == cr, index + 1 >= bytes.count || bytes[index + 1] != lf {
                throw malformed("The request has a bare CR.")
            }
            index += 1
        }
        guard let requestLine = lines.first else { throw malformed("The request line is missing.") }
        let (method, target, version) = try Self.requestLine(bytes[requestLine])
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            let field = try field(bytes[line])
            headers.add(name: field.name, value: field.value)
        }
        return try frame(method: method, target: target, version: version, headers: headers)
    }

    private static func requestLine(
        _ line: Slice<UnsafeBufferPointer<UInt8>>
    ) throws -> (HTTPMethod, Slice<UnsafeBufferPointer<UInt8>>, RequestHead.Version) {
        guard let firstSpace = line.firstIndex(of: space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: space)
        else {
            throw malformed("The request line is not method, target and version separated by single spaces.")
        }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw malformed("The method is not a token.")
        }
        guard !target.isEmpty, target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw malformed("The request target is empty or has characters a URI cannot have.")
        }
        // HTTP-version = "HTTP/" DIGIT "." DIGIT, case-sensitive (RFC 9112 §2.3).
        let digits = Array(version)
        guard digits.count == 8, digits[0..<5].elementsEqual("HTTP/".utf8), digits[6] == UInt8(ascii: "."),
            let major = digitValue(digits[5]), let minor = digitValue(digits[7])
        else {
            throw malformed("The request line does not end with an HTTP version.")
        }
        guard major == 1 else {
            throw ProblemDetails(
                .httpVersionNotSupported, detail: "This server speaks HTTP/1.1 (and HTTP/1.0) on this connection.")
        }
        return (HTTPMethod(String(decoding: method, as: UTF8.self)), target, minor == 0 ? .http10 : .http11)
    }

    private static func field(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws -> HTTPHeaders.Field {
        guard let first = line.first, first != space, first != tab else {
            throw malformed("A header line starts with whitespace (obsolete line folding is not accepted).")
        }
        guard let colon = line.firstIndex(of: colon) else { throw malformed("A header line has no colon.") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw malformed("A header name is not a token (no whitespace is allowed before its colon).")
        }
        var valueStart = colon + 1
        var valueEnd = line.endIndex
        while valueStart < valueEnd, line[valueStart] == space || line[valueStart] == tab { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1] == space || line[valueEnd - 1] == tab { valueEnd -= 1 }
        let value = line[valueStart..<valueEnd]
        // field-vchar, SP, HTAB and obs-text; never NUL or another control.
        guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else {
            throw malformed("A header value has a control character.")
        }
        return HTTPHeaders.Field(
            name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    // MARK: Framing

    private static func frame(
        method: HTTPMethod, target: Slice<UnsafeBufferPointer<UInt8>>, version: RequestHead.Version,
        headers: HTTPHeaders
    ) throws -> RequestHead {
        let (path, query) = try Self.target(target, method: method)
        let framingFields = FramingFields(headers)
        let hosts = framingFields.hosts
        guard hosts.count == 1 || (version == .http10 && hosts.isEmpty) else {
            throw malformed(hosts.isEmpty ? "The request has no Host header." : "The request has more than one Host.")
        }
        guard hosts.allSatisfy({ $0.utf8.allSatisfy(isHostByte) }) else {
            throw malformed("The Host header is not a host and port.")
        }
        let connection = listElements(framingFields.connection)
        let keepAlive =
            version == .http11
            ? !connection.contains("close") : connection.contains("keep-alive") && !connection.contains("close")
        let expectsContinue = version == .http11 && listElements(framingFields.expect).contains("100-continue")
        var head = RequestHead(
            method: method, path: path, query: query, version: version, headers: headers, framing: .none,
            keepAlive: keepAlive, expectsContinue: expectsContinue)
        do {
            head.framing = try framing(framingFields, version: version)
        } catch let problem as ProblemDetails {
            head.refusal = problem
            head.keepAlive = false
        }
        return head
    }

    /// The fields that frame a request and its connection, found in one pass.
    private struct FramingFields {
        var hosts: [String] = []
        var connection: [String] = []
        var expect: [String] = []
        var encodings: [String] = []
        var lengths: [String] = []

        init(_ headers: HTTPHeaders) {
            for field in headers {
                // The length first: most fields are none of these, and are passed over at once.
                switch field.name.utf8.count {
                case 4 where HTTPHeaders.sameName(field.name, "Host"): hosts.append(field.value)
                case 6 where HTTPHeaders.sameName(field.name, "Expect"): expect.append(field.value)
                case 10 where HTTPHeaders.sameName(field.name, "Connection"): connection.append(field.value)
                case 14 where HTTPHeaders.sameName(field.name, "Content-Length"): lengths.append(field.value)
                case 17 where HTTPHeaders.sameName(field.name, "Transfer-Encoding"): encodings.append(field.value)
                default: break
                }
            }
        }
    }

    /// How the body is delimited (RFC 9112 §6.3), or the problem with it.
    private static func framing(
        _ fields: FramingFields, version: RequestHead.Version
    ) throws
        -> RequestHead.BodyFraming
    {
        let encodings = fields.encodings
        let lengths = fields.lengths
        if !encodings.isEmpty {
            guard lengths.isEmpty else {
                throw malformed("The request has both Content-Length and Transfer-Encoding.")
            }
            guard version == .http11 else { throw malformed("An HTTP/1.0 request cannot use Transfer-Encoding.") }
            let codings = listElements(encodings).map { coding in
                coding.split(separator: ";", maxSplits: 1).first.map { $0.trimmingWhitespace() } ?? ""
            }
            guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
                throw malformed("The request's Transfer-Encoding does not end with chunked, once.")
            }
            guard codings.count == 1 else {
                throw ProblemDetails(
                    .unsupportedTransferCoding, detail: "Only the chunked transfer coding is accepted.")
            }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        let values = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingWhitespace() }
        guard let first = values.first, !first.isEmpty, values.allSatisfy({ $0 == first }),
            first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw malformed("The request's Content-Length values are invalid or disagree.")
        }
        // More digits than an Int holds is a length no limit allows.
        return .length(Int(first) ?? Int.max)
    }

    /// The path (escapes kept) and the decoded query of a request target:
    /// origin-form, absolute-form (RFC 9112 §3.2.2: a server must accept it)
    /// or `*` for `OPTIONS`.
    private static func target(
        _ target: Slice<UnsafeBufferPointer<UInt8>>, method: HTTPMethod
    ) throws -> (String, HTTPQuery) {
        var text = String(decoding: target, as: UTF8.self)
        if text == "*", method == .options { return ("*", HTTPQuery()) }
        if !text.hasPrefix("/") {
            let lowered = text.lowercased()
            guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
                throw malformed("The request target is neither a path nor an absolute URI.")
            }
            let rest = text.dropFirst(scheme.count)
            guard let pathStart = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else {
                return ("/", HTTPQuery())
            }
            text = (rest[pathStart] == "?" ? "/" : "") + String(rest[pathStart...])
        }
        guard let mark = text.firstIndex(of: "?") else { return (text, HTTPQuery()) }
        return (String(text[..<mark]), query(text[text.index(after: mark)...]))
    }

    /// `application/x-www-form-urlencoded` items: `+` is a space, escapes decoded.
    private static func query(_ text: Substring) -> HTTPQuery {
        var items: [HTTPQuery.Item] = []
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                PercentDecoding.decode(part.contains("+") ? String(part.map { $0 == "+" ? " " : $0 }) : String(part))
            }
            items.append(HTTPQuery.Item(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil))
        }
        return HTTPQuery(items)
    }

    /// The lowercased elements of comma-separated list fields.
    private static func listElements(_ values: [String]) -> [String] {
        HTTPSyntax.listElements(values).map { $0.lowercased() }
    }

    // MARK: Bytes

    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    private static func digitValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// What `uri-host [":" port]` is made of (RFC 3986: unreserved, escapes,
    /// sub-delims, and the brackets and colons of an IPv6 literal).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }

    // MARK: Refusals

    static func malformed(_ detail: String) -> ProblemDetails {
        ProblemDetails(.badRequest, detail: detail)
    }

    static var tooLarge: ProblemDetails {
        ProblemDetails(.headersTooLarge, detail: "The request line and header fields exceed the server's limit.")
    }

    static var lineTooLong: ProblemDetails {
        ProblemDetails(.uriTooLong, detail: "The request line exceeds the server's limit.")
    }
}
