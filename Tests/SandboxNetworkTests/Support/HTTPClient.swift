import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The tests' HTTP client: one ephemeral session, no caches or cookies.
enum HTTPClient {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    static func send(
        _ method: String, _ url: String, json: (any Encodable)? = nil, rawBody: Data? = nil
    ) async throws -> (status: Int, contentType: String?, body: Data) {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONEncoder.provisioningAPI.encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let rawBody {
            request.httpBody = rawBody
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Content-Type"), data)
    }
}
