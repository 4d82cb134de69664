import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer of `tpc serve`.
struct WireResponse: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The problem document's type, when the body is one.
    var problemType: String? {
        (try? JSONDecoder.provisioningAPI.decode(ProvisioningAPI.ProblemDetails.self, from: body))?.type.rawValue
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder.provisioningAPI.decode(type, from: body)
    }

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The tests' HTTP client: an ephemeral URLSession, nothing cached.
struct WireClient: Sendable {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = 4
        return URLSession(configuration: configuration)
    }()

    /// `http://host:port`, no base path.
    let root: String
    /// The session requests go through; the shared one by default.
    var session: URLSession = WireClient.session

    init(root: String, session: URLSession = WireClient.session) {
        self.root = root
        self.session = session
    }

    func send(
        _ method: String, _ path: String, body: Data? = nil, contentType: String? = "application/json",
        headers: [String: String] = [:]
    ) async throws -> WireResponse {
        guard let url = URL(string: root + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key] = value }
        }
        return WireResponse(status: http.statusCode, headers: fields, body: data)
    }

    func post(_ path: String, json: some Encodable, headers: [String: String] = [:]) async throws -> WireResponse {
        try await send("POST", path, body: try JSONEncoder.provisioningAPI.encode(json), headers: headers)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> WireResponse {
        try await send("GET", path, headers: headers)
    }
}
