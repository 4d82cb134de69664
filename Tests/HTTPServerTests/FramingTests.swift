import Foundation
import ProvisioningHTTP
import TestSupport
import Testing

/// Request framing as RFC 9112 §6.3 has it, over raw sockets: what a proxy in
/// front could read differently is refused with a problem and the connection
/// closed, so the bytes after it are never answered as a request of their own.
@Suite(.timeLimit(.minutes(3))) struct FramingTests {
    static func router() -> Router {
        var router = Router()
        router.post("/echo") { request in .text("echo \(request.body.count)") }
        router.get("/healthz") { _ in .text("ok") }
        return router
    }

    /// Sends `request` and reads what comes back until the server closes.
    static func exchange(_ request: String, port: Int) async throws -> (first: RawHTTPConnection.Response, closed: Bool)
    {
        try await onThread {
            let connection = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 10)
            try connection.send(request)
            let first = try connection.readResponse()
            return (first, connection.waitForClose())
        }
    }

    @Test(arguments: [
        (
            "Content-Length beside Transfer-Encoding",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        ),
        (
            "two Content-Length headers that disagree",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                + "Content-Length: 40\r\n\r\nhelloGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        ),
    ])
    func ambiguousFramingIsRefusedAndTheConnectionClosed(name: String, request: String) async throws {
        try await withServer(router: Self.router()) { server in
            let (response, closed) = try await Self.exchange(request, port: server.port)
            #expect(response.status == 400, "\(name)")
            #expect(response.header("Content-Type")?.hasPrefix("application/problem+json") == true, "\(name)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("urn:pushprovisioning:problem:bad-request"))
            #expect(closed, "\(name): the connection stayed open, so what follows could be read as a request")
        }
    }

    /// A Content-Length list whose values differ is refused before the
    /// handler, with a problem, and the connection closed.
    @Test func aContentLengthListIsRefusedAndTheConnectionClosed() async throws {
        try await withServer(router: Self.router()) { server in
            let (response, closed) = try await Self.exchange(
                "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5, 6\r\n\r\n"
                    + "hello!GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(closed)
        }
    }

    @Test func repeatedEqualContentLengthsAreOneLength() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await onThread {
                let connection = try RawHTTPConnection(port: server.port, receiveTimeoutSeconds: 10)
                try connection.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                        + "Content-Length: 5\r\n\r\nhello")
                return try connection.readResponse()
            }
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "echo 5")
        }
    }
}

/// Request framing against h11 (python-hyper's HTTP/1.1 implementation): the
/// named request-smuggling cases and random mutations of valid requests, each
/// fed to both; see Tests/Interop/http_framing.py for what must agree.
@Suite(.timeLimit(.minutes(5))) struct FramingInteropTests {
    /// Answers every request, whatever its path or method, with what the
    /// server read: method, path and body.
    struct Echo: HTTPMiddleware {
        func respond(to request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
            try .json([
                "method": request.method.rawValue, "path": request.path,
                "body": Data(request.body).base64EncodedString(),
            ])
        }
    }

    @Test func theServerReadsRequestsAsH11DoesAndRefusesTheRestWithProblems() async throws {
        try await withServer(middleware: [Echo()], router: Router()) { server in
            let (passed, answer) = try await InteropPython.check(
                "http_framing.py", input: ["port": server.port, "seed": 16, "random": 400], timeout: .seconds(240))
            let failures = answer["failures"] as? [String] ?? []
            #expect(passed, "\(failures.joined(separator: "\n"))")
            #expect((answer["cases"] as? Int ?? 0) > 400)
        }
    }
}
