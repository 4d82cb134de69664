import Foundation
import ProvisioningAPI
import Testing

@testable import ProvisioningHTTP

/// The server's wire pieces on their own: the head parser and the chunked
/// decoder give the same result however the bytes are split across reads,
/// refuse with typed problems, and the response encoder owns the framing fields.
@Suite(.timeLimit(.minutes(3))) struct WireTests {
    static let heads: [String] = [
        "GET /a?x=1&y=caf%C3%A9&z&w=a+b HTTP/1.1\r\nHost: example.test\r\nX-Many: 1\r\nX-Many: 2\r\n\r\n",
        "POST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n",
        "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        "GET /d HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "\r\n\nGET http://example.test:8080/e?q HTTP/1.1\nHost: example.test\n\n",
        "OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n",
    ]

    /// Parses `text`, fed `step` bytes more at a time.
    static func parse(_ text: String, step: Int) throws -> (RequestHead, Int) {
        let bytes = Array(text.utf8)
        var parser = RequestHeadParser(maximumHeadBytes: 4096)
        var available = 0
        while true {
            available = min(bytes.count, available + step)
            let outcome = try bytes[0..<available].withUnsafeBufferPointer { try parser.parse($0) }
            if case .head(let head, let length) = outcome { return (head, length) }
            guard available < bytes.count else { throw ProblemDetails(.badRequest, detail: "never complete") }
        }
    }

    @Test(arguments: heads)
    func aHeadParsesTheSameWhateverTheReads(_ text: String) throws {
        let (whole, length) = try Self.parse(text, step: text.utf8.count)
        #expect(length == text.utf8.count)
        for step in [1, 2, 3, 7] {
            let (pieces, piecesLength) = try Self.parse(text, step: step)
            #expect(piecesLength == length)
            #expect(pieces.method == whole.method && pieces.path == whole.path && pieces.query == whole.query)
            #expect(pieces.headers == whole.headers && pieces.framing == whole.framing)
            #expect(pieces.keepAlive == whole.keepAlive && pieces.expectsContinue == whole.expectsContinue)
        }
    }

    @Test func theHeadSaysHowToFrameAndKeepTheConnection() throws {
        let (get, _) = try Self.parse(Self.heads[0], step: 1000)
        #expect(get.path == "/a" && get.query["y"] == "café" && get.query["w"] == "a b" && get.query["z"] == "")
        #expect(get.headers.values(for: "x-many") == ["1", "2"] && get.framing == .none && get.keepAlive)
        let (post, _) = try Self.parse(Self.heads[1], step: 1000)
        #expect(post.framing == .length(5) && post.expectsContinue)
        let (chunked, _) = try Self.parse(Self.heads[2], step: 1000)
        #expect(chunked.framing == .chunked && !chunked.keepAlive)
        let (old, _) = try Self.parse(Self.heads[3], step: 1000)
        #expect(old.version == .http10 && old.keepAlive)
        let (absolute, _) = try Self.parse(Self.heads[4], step: 1000)
        #expect(absolute.path == "/e" && absolute.query["q"] == "")
        let (asterisk, _) = try Self.parse(Self.heads[5], step: 1000)
        #expect(asterisk.path == "*")
    }

    static let malformedHeads: [(String, ProblemType)] = [
        ("GET /a HTTP/1.1\r\nHost: h\r\nX : y\r\n\r\n", .badRequest),
        ("GET /a HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n", .badRequest),
        ("GET /a HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n", .badRequest),
        ("GET /a HTTP/1.1\r\n\r\n", .badRequest),
        ("GET /a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest),
        ("GET  /a HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest),
        ("GET /a HTTP/2.0\r\nHost: h\r\n\r\n", .httpVersionNotSupported),
        ("GET /a HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 5000) + "\r\n\r\n", .headersTooLarge),
        ("GET /" + String(repeating: "a", count: 5000) + " HTTP/1.1\r\nHost: h\r\n\r\n", .uriTooLong),
    ]

    @Test(arguments: malformedHeads)
    func aMalformedHeadIsRefusedWithItsProblem(_ text: String, _ type: ProblemType) {
        #expect {
            try Self.parse(text, step: 1000)
        } throws: { ($0 as? ProblemDetails)?.type == type }
    }

    @Test(arguments: [
        ("Content-Length: 5\r\nTransfer-Encoding: chunked", ProblemType.badRequest),
        ("Content-Length: 5\r\nContent-Length: 6", .badRequest),
        ("Content-Length: +5", .badRequest),
        ("Transfer-Encoding: gzip, chunked", .unsupportedTransferCoding),
        ("Transfer-Encoding: chunked, gzip", .badRequest),
        ("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", .badRequest),
    ])
    func aHeadFramedAmbiguouslyParsesButIsRefused(_ fields: String, _ type: ProblemType) throws {
        let (head, _) = try Self.parse("POST /a HTTP/1.1\r\nHost: h\r\n\(fields)\r\n\r\n", step: 1000)
        #expect(head.refusal?.type == type)
        #expect(!head.keepAlive)
    }

    /// Decodes `body` fed `step` bytes at a time; returns the body and the bytes consumed.
    static func decode(_ body: String, step: Int, limit: Int = 1024) throws -> ([UInt8], Int) {
        let bytes = Array(body.utf8)
        var decoder = ChunkedBodyDecoder(maximumBodyBytes: limit, maximumHeadBytes: 256)
        var offset = 0
        while !decoder.isComplete, offset < bytes.count {
            let end = min(bytes.count, offset + step)
            offset += try bytes[offset..<end].withUnsafeBufferPointer { try decoder.decode($0) }
        }
        return (decoder.body, offset)
    }

    @Test func aChunkedBodyDecodesTheSameWhateverTheReads() throws {
        let body = "5;name=\"quoted value\"\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\nGET /next"
        for step in [1, 2, 5, 64] {
            let (decoded, consumed) = try Self.decode(body, step: step)
            #expect(String(decoding: decoded, as: UTF8.self) == "hello world")
            #expect(consumed == body.utf8.count - "GET /next".utf8.count, "step \(step)")
        }
    }

    static let malformedBodies: [(String, ProblemType)] = [
        ("5\nhello\r\n0\r\n\r\n", .badRequest),
        ("5\r\nhelloX\r\n0\r\n\r\n", .badRequest),
        ("x\r\n", .badRequest),
        ("5;\u{01}\r\nhello\r\n0\r\n\r\n", .badRequest),
        ("0\r\nX : y\r\n\r\n", .badRequest),
        ("800\r\n", .bodyTooLarge),
        ("00000000000000000005\r\nhello\r\n0\r\n\r\n", .badRequest),
        ("5;" + String(repeating: "a", count: 5000) + "\r\n", .badRequest),
        ("0\r\n" + String(repeating: "X: y\r\n", count: 60) + "\r\n", .headersTooLarge),
    ]

    @Test(arguments: malformedBodies)
    func aMalformedChunkedBodyIsRefusedWithItsProblem(_ body: String, _ type: ProblemType) {
        #expect {
            try Self.decode(body, step: 3)
        } throws: { ($0 as? ProblemDetails)?.type == type }
    }

    @Test func theEncoderOwnsTheFramingFields() {
        var headers = HTTPHeaders()
        headers["Content-Length"] = "999"
        headers["Transfer-Encoding"] = "chunked"
        headers["X-Ok"] = "yes"
        headers.add(name: "X-Bad", value: "a\r\nInjected: 1")
        let response = HTTPResponse(status: .ok, headers: headers, body: Array("body".utf8))
        let text = String(
            decoding: ResponseEncoder.encode(
                response, requestID: "r1", omitBody: false, close: true, keepAliveHTTP10: false,
                date: "Sun, 06 Nov 1994 08:49:37 GMT"), as: UTF8.self)
        #expect(
            text
                == "HTTP/1.1 200 OK\r\nX-Ok: yes\r\nContent-Length: 4\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                + "X-Request-Id: r1\r\nConnection: close\r\n\r\nbody")
        let head = String(
            decoding: ResponseEncoder.encode(
                HTTPResponse(status: .noContent), requestID: "r2", omitBody: true, close: false, keepAliveHTTP10: true,
                date: "d"), as: UTF8.self)
        #expect(head == "HTTP/1.1 204 No Content\r\nDate: d\r\nX-Request-Id: r2\r\nConnection: keep-alive\r\n\r\n")
    }

    @Test func theDateIsRFC9110sIMFFixdate() {
        // RFC 9110 §5.6.7's own example, and the leap day of a year divisible by 400.
        #expect(HTTPDate.format(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(secondsSince1970: 951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
