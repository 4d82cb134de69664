import Foundation
import ProvisioningAPI
import ProvisioningHTTP

/// JSON over HTTP to the service in the wire format of ``ProvisioningAPI``,
/// for the tools' own calls (back office, sandbox test cards). The SDK and
/// the emulation use their own transports.
///
/// ```swift
/// let http = ServiceHTTPClient(baseURL: URL(string: "http://127.0.0.1:8080/mg/tpc")!)
/// let cards: SandboxTestCardsResponse = try await http.send(APIPaths.sandboxTestCards)
/// ```
package struct ServiceHTTPClient: Sendable {
    /// The service URL with its base path.
    package let baseURL: URL
    private let client: HTTPClient

    /// - Parameters:
    ///   - timeout: how long one call may take.
    ///   - trust: what an `https` service's certificate must lead to.
    package init(baseURL: URL, timeout: Duration = .seconds(15), trust: HTTPClient.Trust = .systemRoots) {
        self.baseURL = baseURL
        client = HTTPClient(configuration: HTTPClient.Configuration(timeout: timeout, trust: trust))
    }

    private struct NoBody: Encodable {}

    /// Sends `endpoint` without a body and decodes the answer.
    ///
    /// - Throws: ``IssuerToolError`` as ``send(_:body:bearer:)``.
    package func send<Answer: Decodable>(_ endpoint: APIEndpoint, bearer: String? = nil) async throws -> Answer {
        try await send(endpoint, body: NoBody?.none, bearer: bearer)
    }

    /// Sends `body` as JSON to `endpoint` and decodes the answer.
    ///
    /// - Throws: ``IssuerToolError`` — `service-unreachable`, `service-untrusted`,
    ///   `service-refused` (with status, problem type and request id) or
    ///   `invalid-response`.
    package func send<Body: Encodable, Answer: Decodable>(
        _ endpoint: APIEndpoint, body: Body?, bearer: String? = nil
    ) async throws -> Answer {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw IssuerToolError(.invalidInput, "the service URL cannot carry a path")
        }
        var request = HTTPClient.Request(method: endpoint.method, url: url)
        request.headers["Accept"] = APIHeaders.jsonMediaType
        request.headers[APIHeaders.requestId] = UUID().uuidString.lowercased()
        if let bearer { request.headers[APIHeaders.authorization] = APIHeaders.bearer(bearer) }
        if let body {
            request.body = Array(try JSONEncoder.provisioningAPI.encode(body))
            request.headers[APIHeaders.contentType] = APIHeaders.jsonMediaType
        }
        let response: HTTPClient.Response
        do {
            response = try await client.send(request)
        } catch let error as HTTPError where error.code == .responseTooLarge || error.code == .invalidResponse {
            throw IssuerToolError(.invalidResponse, "the answer to \(endpoint.route.pattern) is not valid HTTP")
        } catch let error as HTTPError where error.code == .untrustedCertificate {
            throw IssuerToolError(
                .untrustedService, "the certificate of the service at \(baseURL.absoluteString) is not trusted")
        } catch {
            throw IssuerToolError(.serviceUnreachable, "the service at \(baseURL.absoluteString) cannot be reached")
        }
        let data = Data(response.body)
        let status = response.status.code
        let requestId = response.headers[APIHeaders.requestId]
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder.provisioningAPI.decode(ProvisioningAPI.ProblemDetails.self, from: data)
            throw IssuerToolError(
                .serviceRefused, problem?.detail ?? problem?.title ?? "\(endpoint.description) was refused",
                httpStatus: status, problemType: problem?.type.slug ?? problem?.type.rawValue,
                requestId: problem?.requestId ?? requestId)
        }
        do {
            return try JSONDecoder.provisioningAPI.decode(Answer.self, from: data)
        } catch {
            throw IssuerToolError(
                .invalidResponse, "the answer to \(endpoint.route.pattern) does not match the contract",
                requestId: requestId)
        }
    }
}
