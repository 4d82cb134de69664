import Foundation
import ProvisioningAPI
import ProvisioningHTTP

extension FuzzTarget {
    /// Raw bytes sent as an HTTP request to an in-process `HTTPServer`
    /// (the request parser, routing, limits, problem middleware) whose routes decode
    /// the real request bodies; one loopback connection per input, which ends
    /// when the server closes it (see `LoopbackExchange`).
    ///
    /// `accepted` means the server answered 2xx; any complete answer or a
    /// closed connection is fine. A crash is a finding, and so is a server that
    /// keeps the connection past its own timeouts: that input returns `hung`.
    public static let http = FuzzTarget(name: "http") { input in
        guard let port = FuzzHTTPServer.shared.port else { return .refused }
        let response = LoopbackExchange.send(input, toPort: port)
        if response.hung { return .hung }
        return response.bytes.starts(with: Array("HTTP/1.1 2".utf8)) ? .accepted : .refused
    }
}

/// The server every `http` input goes to, started on first use and kept for the
/// life of the process (a fuzzer runs millions of inputs against one server).
final class FuzzHTTPServer: Sendable {
    static let shared = FuzzHTTPServer()

    private let server: HTTPServer
    /// `nil` when the server could not start; the target then refuses every input.
    let port: Int?

    private init() {
        var router = Router(basePath: "/mg/tpc")
        router.post("/v1/issuers/:issuerId/applepay/provisioning") { request in
            _ = try request.pathParameters.require("issuerId")
            let body = try request.decodeJSON(ApplePayProvisioningRequest.self, decoder: .provisioningAPI)
            return .text(body.nonce.isEmpty ? "empty" : "ok")
        }
        router.post("/v1/issuers/:issuerId/tokens/:tokenId/state") { request in
            _ = try request.pathParameters.require("tokenId")
            _ = try request.decodeJSON(TokenStateChangeRequest.self, decoder: .provisioningAPI)
            return .empty()
        }
        router.get("/v1/issuers/:issuerId/cards/:cardRef/tokens") { request in
            let card = try request.pathParameters.require("cardRef")
            return .text("\(card.count) \(Array(request.query).count)")
        }
        router.get("/healthz") { _ in .text("ok") }
        let limits = HTTPServer.Limits(
            maxHeaderBytes: 8 * 1024, maxBodyBytes: 64 * 1024, maxConnections: 64, idleTimeout: 1,
            handlerDeadline: .seconds(1))
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, limits: limits, threadPoolSize: 1), router: router)
        do {
            try server.start()
            port = server.port
        } catch {
            port = nil
        }
        self.server = server
    }
}
