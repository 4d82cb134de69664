import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct BodyLimitTests {
    static func echoRouter(seen: Counter? = nil) -> Router {
        var router = Router()
        router.post("/echo") { request in
            seen?.increment()
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
        return router
    }

    static func randomFile(bytes: Int) throws -> (URL, Data) {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString).bin")
        try data.write(to: url)
        return (url, data)
    }

    @Test func largeBodyArrivesIntactOverURLSession() async throws {
        let (url, data) = try Self.randomFile(bytes: 300 * 1024)
        defer { try? FileManager.default.removeItem(at: url) }
        try await withServer(router: Self.echoRouter()) { server in
            let response = try await Client.send("POST", "http://127.0.0.1:\(server.port)/echo", body: data)
            #expect(response.status == 200)
            #expect(response.body == data)
        }
    }

    @Test(arguments: [false, true])
    func largeBodyArrivesIntactOverCurl(chunked: Bool) async throws {
        let (url, data) = try Self.randomFile(bytes: 300 * 1024)
        defer { try? FileManager.default.removeItem(at: url) }
        try await withServer(router: Self.echoRouter()) { server in
            var arguments = ["--data-binary", "@" + url.path, "http://127.0.0.1:\(server.port)/echo"]
            if chunked { arguments = ["-H", "Transfer-Encoding: chunked"] + arguments }
            let response = try await curl(arguments)
            #expect(response.status == 200)
            #expect(response.body == data)
        }
    }

    @Test func declaredOversizedBodyIsRefusedBeforeItIsSent() async throws {
        let seen = Counter()
        let limits = HTTPServer.Limits(maxBodyBytes: 64 * 1024)
        try await withServer(limits: limits, router: Self.echoRouter(seen: seen)) { server in
            let port = server.port
            // Headers only: the 413 must come without a single body byte sent.
            let response = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10000000\r\n"
                        + "Content-Type: application/octet-stream\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/problem+json")
            let json = try #require(Client.json(Data(response.body)))
            #expect(json["type"] as? String == ProblemType.bodyTooLarge.rawValue)
            #expect((json["detail"] as? String)?.contains("65536") == true)
            #expect(
                Set(json.keys).isSubset(of: ["type", "title", "status", "detail", "instance", "requestId", "errors"]),
                "\(json.keys)")
            #expect(seen.count == 0)
        }
    }

    @Test func curlWithExpectContinueNeverUploadsAnOversizedBody() async throws {
        let (url, _) = try Self.randomFile(bytes: 300 * 1024)
        defer { try? FileManager.default.removeItem(at: url) }
        let limits = HTTPServer.Limits(maxBodyBytes: 64 * 1024)
        try await withServer(limits: limits, router: Self.echoRouter()) { server in
            let response = try await curl([
                "-H", "Expect: 100-continue", "--expect100-timeout", "30", "--data-binary", "@" + url.path,
                "http://127.0.0.1:\(server.port)/echo",
            ])
            #expect(response.status == 413)
            #expect(response.uploadedBytes == 0)
        }
    }

    @Test func curlWithoutExpectIsAnswered413() async throws {
        let (url, _) = try Self.randomFile(bytes: 300 * 1024)
        defer { try? FileManager.default.removeItem(at: url) }
        let limits = HTTPServer.Limits(maxBodyBytes: 64 * 1024)
        try await withServer(limits: limits, router: Self.echoRouter()) { server in
            let response = try await curl([
                "-H", "Expect:", "--data-binary", "@" + url.path, "http://127.0.0.1:\(server.port)/echo",
            ])
            #expect(response.status == 413)
        }
    }

    @Test func oversizedChunkedBodyIsAnswered413AndNeverHandled() async throws {
        let (url, _) = try Self.randomFile(bytes: 300 * 1024)
        defer { try? FileManager.default.removeItem(at: url) }
        let seen = Counter()
        let limits = HTTPServer.Limits(maxBodyBytes: 64 * 1024)
        try await withServer(limits: limits, router: Self.echoRouter(seen: seen)) { server in
            let response = try await curl([
                "-H", "Transfer-Encoding: chunked", "--data-binary", "@" + url.path,
                "http://127.0.0.1:\(server.port)/echo",
            ])
            #expect(response.status == 413)
            #expect(response.json?["type"] as? String == ProblemType.bodyTooLarge.rawValue)
            #expect(seen.count == 0)
        }
    }

    @Test func endlessChunkedBodyGetsTheConnectionClosed() async throws {
        let limits = HTTPServer.Limits(maxBodyBytes: 1024)
        try await withServer(limits: limits, router: Self.echoRouter()) { server in
            let port = server.port
            let closed = try await onThread { () -> Bool in
                let connection = try RawHTTPConnection(port: port)
                try connection.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = Array("4000\r\n".utf8) + [UInt8](repeating: 0x41, count: 0x4000) + Array("\r\n".utf8)
                // 8 MiB of chunks, far past limit plus allowance; the server must hang up.
                for _ in 0..<512 {
                    do { try connection.send(chunk) } catch { return true }
                }
                return connection.waitForClose()
            }
            #expect(closed)
        }
    }

    @Test func oversizedHeadersAreRefused() async throws {
        let seen = Counter()
        var router = Router()
        router.get("/") { _ in
            seen.increment()
            return .empty()
        }
        let limits = HTTPServer.Limits(maxHeaderBytes: 4096)
        try await withServer(limits: limits, router: router) { server in
            let port = server.port
            let response = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                let filler = String(repeating: "x", count: 16 * 1024)
                try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Filler: \(filler)\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(response.status == 431)
            #expect(seen.count == 0)
        }
    }
}
