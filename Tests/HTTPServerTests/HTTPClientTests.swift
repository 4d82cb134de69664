import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct HTTPClientTests {
    static func router() -> Router {
        var router = Router()
        router.get("/hello") { _ in try .json(["greeting": "hi"]) }
        router.post("/echo") { request in
            HTTPResponse(
                status: .created, headers: ["X-Echo-Header": request.headers["X-Probe"] ?? "none"],
                body: request.body)
        }
        router.get("/missing-thing") { _ in .text("no such thing", status: .notFound) }
        router.get("/large") { _ in .text(String(repeating: "x", count: 5000)) }
        return router
    }

    static func url(_ port: Int, _ path: String, scheme: String = "http", host: String = "127.0.0.1") throws -> URL {
        try #require(URL(string: "\(scheme)://\(host):\(port)\(path)"))
    }

    /// Runs `request` and returns the failure it ends with.
    static func failure(
        _ request: HTTPClient.Request, client: HTTPClient = HTTPClient()
    ) async throws -> HTTPError {
        do {
            let response = try await client.send(request)
            Issue.record("expected a failure, got status \(response.status)")
            throw ScriptedListener.Failure(description: "no failure")
        } catch let error as HTTPError {
            return error
        }
    }

    @Test func getReturnsStatusHeadersAndBody() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await HTTPClient().send(HTTPClient.Request(url: try Self.url(server.port, "/hello")))
            #expect(response.status == .ok)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.headers["X-Request-Id"] != nil)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"greeting":"hi"}"#)
        }
    }

    @Test func postSendsTheBodyAndHeaders() async throws {
        try await withServer(router: Self.router()) { server in
            let body = Array("a body with\r\nline breaks and ünïcode".utf8)
            let response = try await HTTPClient().send(
                HTTPClient.Request(
                    method: .post, url: try Self.url(server.port, "/echo"), headers: ["X-Probe": "probe value"],
                    body: body))
            #expect(response.status == .created)
            #expect(response.headers["x-echo-header"] == "probe value")
            #expect(response.body == body)
        }
    }

    @Test func anErrorStatusIsAResponseNotAFailure() async throws {
        try await withServer(router: Self.router()) { server in
            let response = try await HTTPClient().send(
                HTTPClient.Request(url: try Self.url(server.port, "/missing-thing")))
            #expect(response.status == .notFound)
            #expect(String(decoding: response.body, as: UTF8.self) == "no such thing")
        }
    }

    @Test func aChunkedBodyIsReassembledAndItsTrailersDropped() async throws {
        let listener = try ScriptedListener()
        defer { listener.close() }
        listener.answerOnce(
            with: Array(
                ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Kind: scripted\r\n\r\n"
                    + "5;ext=1\r\nhello\r\n1\r\n,\r\n6\r\n world\r\n0\r\nX-Trailer: dropped\r\n\r\n").utf8))
        let response = try await HTTPClient().send(HTTPClient.Request(url: try Self.url(listener.port, "/")))
        #expect(response.status == .ok)
        #expect(response.headers["x-kind"] == "scripted")
        #expect(response.headers["x-trailer"] == nil)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello, world")
    }

    @Test func aBodyWithoutLengthRunsToTheEndOfTheConnection() async throws {
        let listener = try ScriptedListener()
        defer { listener.close() }
        listener.answerOnce(with: Array("HTTP/1.0 200 OK\r\nX-Kind: until-close\r\n\r\nall of it".utf8))
        let response = try await HTTPClient().send(HTTPClient.Request(url: try Self.url(listener.port, "/")))
        #expect(String(decoding: response.body, as: UTF8.self) == "all of it")
    }

    @Test func informationalResponsesAreSkipped() async throws {
        let listener = try ScriptedListener()
        defer { listener.close() }
        listener.answerOnce(
            with: Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 202 Accepted\r\nContent-Length: 2\r\n\r\nok".utf8))
        let response = try await HTTPClient().send(HTTPClient.Request(url: try Self.url(listener.port, "/")))
        #expect(response.status == .accepted)
        #expect(response.body == Array("ok".utf8))
    }

    @Test func aSilentServerTimesOut() async throws {
        // Never accepted: the kernel completes the handshake and takes the
        // request, and no answer ever comes.
        let listener = try ScriptedListener()
        defer { listener.close() }
        let error = try await Self.failure(
            HTTPClient.Request(url: try Self.url(listener.port, "/"), timeout: .milliseconds(300)))
        #expect(error.code == .timedOut)
    }

    @Test func aCancelledRequestStopsWaiting() async throws {
        let listener = try ScriptedListener()
        defer { listener.close() }
        let url = try Self.url(listener.port, "/")
        let task = Task { try await HTTPClient().send(HTTPClient.Request(url: url, timeout: .seconds(60))) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("a silent server answered")
        } catch let error as HTTPError {
            #expect(error.code == .cancelled)
        }
    }

    @Test func aClosedPortIsAConnectionFailure() async throws {
        let listener = try ScriptedListener()
        let port = listener.port
        listener.close()
        let error = try await Self.failure(HTTPClient.Request(url: try Self.url(port, "/")))
        #expect(error.code == .connectionFailed)
    }

    @Test func aBodyOverTheCapIsRefused() async throws {
        let small = HTTPClient(configuration: HTTPClient.Configuration(maximumResponseBytes: 1000))
        try await withServer(router: Self.router()) { server in
            let error = try await Self.failure(
                HTTPClient.Request(url: try Self.url(server.port, "/large")), client: small)
            #expect(error.code == .responseTooLarge)
            let fits = try await HTTPClient(configuration: HTTPClient.Configuration(maximumResponseBytes: 5000))
                .send(HTTPClient.Request(url: try Self.url(server.port, "/large")))
            #expect(fits.body.count == 5000)
        }
        let listener = try ScriptedListener()
        defer { listener.close() }
        let chunks = String(repeating: "190\r\n" + String(repeating: "y", count: 400) + "\r\n", count: 3)
        listener.answerOnce(with: Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)0\r\n\r\n".utf8))
        let chunked = try await Self.failure(HTTPClient.Request(url: try Self.url(listener.port, "/")), client: small)
        #expect(chunked.code == .responseTooLarge)
    }

    @Test func aMalformedResponseIsInvalid() async throws {
        let listener = try ScriptedListener()
        defer { listener.close() }
        listener.answerOnce(with: Array("SMTP ready\r\n\r\n".utf8))
        let error = try await Self.failure(HTTPClient.Request(url: try Self.url(listener.port, "/")))
        #expect(error.code == .invalidResponse)
    }

    @Test func aTruncatedBodyIsInvalid() async throws {
        let listener = try ScriptedListener()
        defer { listener.close() }
        listener.answerOnce(with: Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort".utf8))
        let error = try await Self.failure(HTTPClient.Request(url: try Self.url(listener.port, "/")))
        #expect(error.code == .invalidResponse)
    }

    @Test func requestsThatCannotBeSentAreRefusedBeforeConnecting() async throws {
        let injected = try await Self.failure(
            HTTPClient.Request(url: try Self.url(1, "/"), headers: ["X-Evil": "a\r\nHost: elsewhere"]))
        #expect(injected.code == .invalidRequest)
        let ftp = try await Self.failure(HTTPClient.Request(url: try #require(URL(string: "ftp://127.0.0.1/file"))))
        #expect(ftp.code == .invalidRequest)
        let badMethod = try await Self.failure(
            HTTPClient.Request(method: HTTPMethod("GET /x"), url: try Self.url(1, "/")))
        #expect(badMethod.code == .invalidRequest)
    }

    @Test func httpsIsVerifiedAgainstTheGivenAnchors() async throws {
        try #require(HTTPServer.supportsTLS, "the server cannot serve HTTPS")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("client-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let selfSigned = try await SelfSignedCertificate.make(in: directory)
        let certificate = try selfSigned.certificatePEM()
        let tls = HTTPServer.TLS(certificateChainPEM: certificate, privateKeyPEM: try selfSigned.privateKeyPEM())

        try await withServer(tls: tls, router: Self.router()) { server in
            let byName = try Self.url(server.port, "/hello", scheme: "https", host: "localhost")
            let byAddress = try Self.url(server.port, "/hello", scheme: "https")

            let anchored = HTTPClient(configuration: HTTPClient.Configuration(trust: .anchors(pem: certificate)))
            let response = try await anchored.send(HTTPClient.Request(url: byName))
            #expect(response.status == .ok)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"greeting":"hi"}"#)

            // The certificate does not name 127.0.0.1.
            let wrongName = try await Self.failure(HTTPClient.Request(url: byAddress), client: anchored)
            #expect(wrongName.code == .untrustedCertificate)

            // Pinned: the certificate is the identity, whatever the address.
            let pinned = HTTPClient(
                configuration: HTTPClient.Configuration(trust: .pinnedCertificate(pem: certificate)))
            #expect(try await pinned.send(HTTPClient.Request(url: byAddress)).status == .ok)

            // A self-signed certificate is in no system store.
            let system = try await Self.failure(HTTPClient.Request(url: byName))
            #expect(system.code == .untrustedCertificate)

            // Plain HTTP to the TLS port gets no HTTP answer.
            let plain = try await Self.failure(
                HTTPClient.Request(url: try Self.url(server.port, "/hello"), timeout: .seconds(5)))
            #expect(plain.code == .invalidResponse || plain.code == .connectionFailed, "\(plain)")
        }
    }
}
