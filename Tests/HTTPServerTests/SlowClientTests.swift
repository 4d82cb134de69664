import Foundation
import ProvisioningHTTP
import Testing

/// Clients that hold the server's connections without finishing a request:
/// one that trickles its headers, one address that opens far more
/// connections than its share (issue 16 found 1,100 idle connections from
/// one address blocking `/healthz` for more than 8 s, and a client sending a
/// header line every couple of seconds never closed).
@Suite(.timeLimit(.minutes(3))) struct SlowClientTests {
    static func router() -> Router {
        var router = Router()
        router.get("/healthz") { _ in .text("ok") }
        router.post("/echo") { request in .text("echo \(request.body.count)") }
        return router
    }

    static let healthCheck = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    /// Sends `prefix`, then one more line every 200 ms (never the blank line
    /// that ends the headers, or never the body's end) for up to `seconds`:
    /// `true` when the server closed the connection meanwhile.
    static func trickle(
        port: Int, prefix: String, line: @escaping @Sendable (Int) -> String, seconds: Int
    )
        async throws -> Bool
    {
        try await onThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send(prefix)
            for index in 0..<(seconds * 5) {
                if connection.isClosed(withinMilliseconds: 200) { return true }
                // After the cut the send may fail (EPIPE): the read above says so.
                try? connection.send(line(index))
            }
            return false
        }
    }

    @Test func aClientTricklingItsHeadersIsCutOffAtTheReadDeadlineWhileOthersAreServed() async throws {
        // Idle timeout 30 s: only the read deadline can end this client.
        let limits = HTTPServer.Limits(idleTimeout: 30, requestReadTimeout: .seconds(1))
        try await withServer(limits: limits, router: Self.router()) { server in
            let port = server.port
            async let cut = Self.trickle(
                port: port, prefix: "GET /healthz HTTP/1.1\r\nHost: x\r\n", line: { "X-Trickle-\($0): y\r\n" },
                seconds: 10)
            let (response, _) = try await FramingTests.exchange(Self.healthCheck, port: port)
            #expect(response.status == 200)
            #expect(try await cut, "a client sending a header line every 200 ms for 10 s was never cut off")
        }
    }

    @Test func aClientTricklingItsBodyIsCutOffAtTheReadDeadline() async throws {
        let limits = HTTPServer.Limits(idleTimeout: 30, requestReadTimeout: .seconds(1))
        try await withServer(limits: limits, router: Self.router()) { server in
            let cut = try await Self.trickle(
                port: server.port,
                prefix: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n",
                line: { _ in "x" }, seconds: 10)
            #expect(cut, "a client sending one body byte every 200 ms for 10 s was never cut off")
        }
    }

    @Test func aKeptAliveConnectionGetsAFreshDeadlineForEachRequest() async throws {
        let limits = HTTPServer.Limits(idleTimeout: 30, requestReadTimeout: .seconds(2))
        try await withServer(limits: limits, router: Self.router()) { server in
            let port = server.port
            let statuses = try await onThread { () -> [Int] in
                let connection = try RawHTTPConnection(port: port)
                var statuses: [Int] = []
                // Three requests, each sent whole but 1.2 s after the previous
                // answer: 3.6 s in all, more than one deadline, less than one
                // deadline per request.
                for _ in 0..<3 {
                    Thread.sleep(forTimeInterval: 1.2)
                    try connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    statuses.append(try connection.readResponse().status)
                }
                return statuses
            }
            #expect(statuses == [200, 200, 200])
        }
    }

    @Test func oneAddressCannotTakeTheConnectionTable() async throws {
        // A table of 64 and 8 per address: 200 idle connections from
        // 127.0.0.2 would fill it eight times over without the per-address
        // limit.
        let limits = HTTPServer.Limits(maxConnections: 64, maxConnectionsPerIP: 8, idleTimeout: 30)
        try await withServer(limits: limits, router: Self.router()) { server in
            let port = server.port
            let stillOpen = try await onThread { () -> (open: Int, answered: Int) in
                var hogs: [RawHTTPConnection] = []
                for _ in 0..<200 { hogs.append(try RawHTTPConnection(port: port, from: "127.0.0.2")) }
                // The server closes every connection over the limit at once.
                let open = hogs.filter { !$0.isClosed(withinMilliseconds: 50) }.count
                // Meanwhile another address is answered, again and again.
                var answered = 0
                for _ in 0..<5 {
                    let client = try RawHTTPConnection(port: port, receiveTimeoutSeconds: 10)
                    try client.send(Self.healthCheck)
                    if try client.readResponse().status == 200 { answered += 1 }
                }
                withExtendedLifetime(hogs) {}
                return (open, answered)
            }
            #expect(stillOpen.open == 8, "connections from one address left open: \(stillOpen.open)")
            #expect(stillOpen.answered == 5)
        }
    }

    @Test func theDefaultsBoundOneAddressAndOneRequest() {
        let limits = HTTPServer.Limits()
        #expect(limits.maxConnectionsPerIP == 256)
        #expect(limits.requestReadTimeout == .seconds(60))
    }
}
