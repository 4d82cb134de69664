import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession helpers: one ephemeral session per call site, no caching, no cookies.
enum Client {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func makeSession(maximumConnections: Int = 8) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnections
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    static func send(
        _ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:],
        session: URLSession = makeSession()
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        guard let target = URL(string: url) else { throw Failure(description: "bad URL") }
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw Failure(description: "not HTTP") }
        var fields: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields { fields[name.lowercased()] = value }
        return (http.statusCode, fields, data)
    }

    static func header(_ name: String, in headers: [String: String]) -> String? {
        headers[name.lowercased()]
    }

    static func json(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
