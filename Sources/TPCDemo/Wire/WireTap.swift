import Foundation
import ProvisioningAPI
import ProvisioningHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A logging reverse proxy between the demo's clients (the SDK, the simulated
/// devices, the back office) and the service: each exchange is forwarded
/// unchanged and printed with secrets redacted by ``WireRedactor``.
///
/// A proxy shows the real wire without touching the code under observation:
/// the SDK and the emulation keep their own `URLSession`s (which, on Linux,
/// do not consult process-wide `URLProtocol` registrations), and are simply
/// configured with the tap's URL. Every route of the contract
/// (``APIRoute/all`` and ``APIRoute/wallet``) is forwarded.
///
/// ```swift
/// let tap = try WireTap(upstream: serviceURL) { print($0) }
/// try TPCSDK.configure(url: tap.baseURL.absoluteString, issuerId: issuer)
/// ```
package final class WireTap: Sendable {
    /// The tap's URL, with the upstream's base path: use it instead of the service's.
    package let baseURL: URL
    private let server: HTTPServer

    /// Starts the tap on a free loopback port.
    ///
    /// - Parameters:
    ///   - upstream: the service URL with its base path.
    ///   - sink: receives the printable lines of each exchange.
    /// - Throws: ``DemoError`` `invalid-input` for an upstream without host, or
    ///   `sandbox-unavailable` when no port can be bound.
    package init(
        upstream: URL, redactor: WireRedactor = WireRedactor(), sink: @escaping @Sendable (String) -> Void
    ) throws {
        guard var root = URLComponents(url: upstream, resolvingAgainstBaseURL: false), root.host != nil else {
            throw DemoError(.invalidInput, "the service URL has no host")
        }
        let basePath = root.percentEncodedPath
        root.percentEncodedPath = ""
        root.percentEncodedQuery = nil
        guard let origin = root.url else { throw DemoError(.invalidInput, "the service URL has no origin") }
        let session = Self.makeSession()
        var router = Router(basePath: basePath.isEmpty || basePath == "/" ? nil : basePath)
        var seen: Set<String> = []
        for route in APIRoute.all + APIRoute.wallet where seen.insert(route.description).inserted {
            router.on(route.method, route.pattern) { request in
                await Self.forward(request, origin: origin, session: session, redactor: redactor, sink: sink)
            }
        }
        server = HTTPServer(
            configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2), router: router)
        do {
            try server.start()
        } catch {
            throw DemoError(.sandboxUnavailable, "the wire tap cannot listen on 127.0.0.1")
        }
        guard let url = URL(string: "http://127.0.0.1:\(server.port)" + basePath) else {
            throw DemoError(.invalidInput, "the wire tap's URL cannot be formed")
        }
        baseURL = url
    }

    /// Stops forwarding.
    package func stop() async {
        await server.shutdown(gracePeriod: .seconds(2))
    }

    private static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    /// The headers carried across in each direction.
    private static let requestHeaders = ["Accept", "Authorization", "Content-Type", "X-Request-Id", "If-None-Match"]
    private static let responseHeaders = ["Content-Type", "X-Request-Id", "Retry-After", "ETag", "Allow"]

    private static func forward(
        _ incoming: HTTPRequest, origin: URL, session: URLSession, redactor: WireRedactor,
        sink: @Sendable (String) -> Void
    ) async -> HTTPResponse {
        var components = URLComponents(url: origin, resolvingAgainstBaseURL: false)
        components?.percentEncodedPath = incoming.path
        if !incoming.query.isEmpty {
            components?.queryItems = incoming.query.items.map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        guard let url = components?.url else { return HTTPResponse(status: .badRequest) }
        var request = URLRequest(url: url)
        request.httpMethod = incoming.method.rawValue
        for name in requestHeaders {
            if let value = incoming.headers[name] { request.setValue(value, forHTTPHeaderField: name) }
        }
        if !incoming.body.isEmpty { request.httpBody = Data(incoming.body) }
        sink(describe(request: request, redactor: redactor))
        let started = ContinuousClock.now
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { return HTTPResponse(status: .internalServerError) }
            sink(describe(response: http, data: data, elapsed: ContinuousClock.now - started, redactor: redactor))
            var headers = HTTPHeaders()
            for name in responseHeaders {
                if let value = http.value(forHTTPHeaderField: name) { headers.add(name: name, value: value) }
            }
            return HTTPResponse(status: HTTPStatus(http.statusCode), headers: headers, body: Array(data))
        } catch {
            sink("      ← no answer from the service")
            return HTTPResponse(status: .serviceUnavailable)
        }
    }

    static func describe(request: URLRequest, redactor: WireRedactor) -> String {
        let method = request.httpMethod ?? "GET"
        var target = request.url?.path ?? "?"
        if let query = request.url?.query { target += "?" + query }
        var line = "      → \(method) \(redactor.redact(target: target))"
        if let authorization = request.value(forHTTPHeaderField: "Authorization") {
            line += "  Authorization: \(redactor.redact(header: "Authorization", value: authorization))"
        }
        if let body = request.httpBody, !body.isEmpty {
            line += "\n          " + redactor.redact(body: body)
        }
        return line
    }

    static func describe(response: HTTPURLResponse, data: Data, elapsed: Duration, redactor: WireRedactor) -> String {
        let milliseconds = Int((elapsed / .milliseconds(1)).rounded())
        var line = "      ← \(response.statusCode) in \(milliseconds) ms"
        if let requestId = response.value(forHTTPHeaderField: "X-Request-Id") {
            line += "  X-Request-Id: \(redactor.redact(text: requestId))"
        }
        if !data.isEmpty { line += "\n          " + redactor.redact(body: data) }
        return line
    }
}
