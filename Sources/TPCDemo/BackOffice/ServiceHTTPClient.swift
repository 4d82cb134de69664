import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// JSON over HTTP to the service in the wire format of ``ProvisioningAPI``,
/// for the tools' own calls (back office, sandbox test cards). The SDK and
/// the emulation use their own transports.
struct ServiceHTTPClient: Sendable {
    /// The service URL with its base path.
    let baseURL: URL
    let session: URLSession

    init(baseURL: URL, timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    private struct NoBody: Encodable {}

    /// Sends `endpoint` without a body and decodes the answer.
    func send<Answer: Decodable>(_ endpoint: APIEndpoint, bearer: String? = nil) async throws -> Answer {
        try await send(endpoint, body: NoBody?.none, bearer: bearer)
    }

    /// Sends `body` as JSON to `endpoint` and decodes the answer.
    ///
    /// - Throws: ``DemoError`` — `service-unreachable`, `service-refused`
    ///   (with status, problem type and request id) or `invalid-response`.
    func send<Body: Encodable, Answer: Decodable>(
        _ endpoint: APIEndpoint, body: Body?, bearer: String? = nil
    ) async throws -> Answer {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw DemoError(.invalidInput, "the service URL cannot carry a path")
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.setValue(APIHeaders.jsonMediaType, forHTTPHeaderField: "Accept")
        request.setValue(UUID().uuidString.lowercased(), forHTTPHeaderField: APIHeaders.requestId)
        if let bearer { request.setValue(APIHeaders.bearer(bearer), forHTTPHeaderField: APIHeaders.authorization) }
        if let body {
            request.httpBody = try JSONEncoder.provisioningAPI.encode(body)
            request.setValue(APIHeaders.jsonMediaType, forHTTPHeaderField: APIHeaders.contentType)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw DemoError(.serviceUnreachable, "the service at \(baseURL.absoluteString) cannot be reached")
        }
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 0
        let requestId = http?.value(forHTTPHeaderField: APIHeaders.requestId)
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: data)
            throw DemoError(
                .serviceRefused, problem?.detail ?? problem?.title ?? "\(endpoint.description) was refused",
                httpStatus: status, problemType: problem?.type.slug ?? problem?.type.rawValue,
                requestId: problem?.requestId ?? requestId)
        }
        do {
            return try JSONDecoder.provisioningAPI.decode(Answer.self, from: data)
        } catch {
            throw DemoError(
                .invalidResponse, "the answer to \(endpoint.route.pattern) does not match the contract",
                requestId: requestId)
        }
    }
}
