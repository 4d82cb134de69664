import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP to the provisioning service with URLSession, in the wire format of
/// ``ProvisioningAPI``.
///
/// Every request carries a fresh `X-Request-Id` (or the caller's), so that a
/// failure can be traced even when no answer arrived. Error answers are
/// RFC 9457 problems and become ``TPCError/serverError(_:_:)``; transport
/// failures become ``TPCError/serviceUnavailable(_:)`` or
/// ``TPCError/timedOut(_:)``. Only GETs are retried, and only after a
/// failure to connect, where the service cannot have seen the request.
struct ServiceTransport: Sendable {
    let configuration: TPCConfiguration
    let requestTimeout: TimeInterval
    let idempotentRetries: Int
    private let session: URLSession

    init(configuration: TPCConfiguration, requestTimeout: TimeInterval, idempotentRetries: Int) {
        self.configuration = configuration
        self.requestTimeout = requestTimeout
        self.idempotentRetries = max(0, idempotentRetries)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = requestTimeout
        sessionConfiguration.timeoutIntervalForResource = requestTimeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        session = URLSession(configuration: sessionConfiguration)
    }

    /// The answer of one call: the decoded body and the request identifier.
    struct Reply<Body: Sendable>: Sendable {
        var body: Body
        var requestId: String
    }

    /// Sends `body` as JSON to `endpoint` and decodes a `Response`.
    ///
    /// - Parameters:
    ///   - authorization: a bearer code for the `Authorization` header.
    ///   - requestId: the request id to send; a new UUID when `nil`.
    func send<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: APIEndpoint, body: Body, authorization: String? = nil, requestId: String? = nil,
        expecting: Response.Type
    ) async throws(TPCError) -> Reply<Response> {
        let requestId = requestId ?? Self.newRequestId()
        let data: Data
        do {
            data = try JSONEncoder.provisioningAPI.encode(body)
        } catch {
            throw TPCError(.invalidArgument, "the request could not be encoded", requestId: requestId)
        }
        return try await perform(
            endpoint, body: data, authorization: authorization, requestId: requestId, expecting: Response.self)
    }

    /// Sends a request without a body to `endpoint` and decodes a `Response`.
    func send<Response: Decodable & Sendable>(
        _ endpoint: APIEndpoint, authorization: String? = nil, requestId: String? = nil, expecting: Response.Type
    ) async throws(TPCError) -> Reply<Response> {
        try await perform(
            endpoint, body: nil, authorization: authorization, requestId: requestId ?? Self.newRequestId(),
            expecting: Response.self)
    }

    private static func newRequestId() -> String { UUID().uuidString.lowercased() }

    private func perform<Response: Decodable & Sendable>(
        _ endpoint: APIEndpoint, body: Data?, authorization: String?, requestId: String, expecting: Response.Type
    ) async throws(TPCError) -> Reply<Response> {
        guard let url = endpoint.url(relativeTo: configuration.baseURL) else {
            throw TPCError(.invalidArgument, "the service URL cannot carry a path")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: requestTimeout)
        request.httpMethod = endpoint.method.rawValue
        request.setValue(requestId, forHTTPHeaderField: APIHeaders.requestId)
        request.setValue(APIHeaders.jsonMediaType, forHTTPHeaderField: "Accept")
        if let authorization {
            request.setValue(APIHeaders.bearer(authorization), forHTTPHeaderField: APIHeaders.authorization)
        }
        if let body {
            request.httpBody = body
            request.setValue(APIHeaders.jsonMediaType, forHTTPHeaderField: APIHeaders.contentType)
        }
        let idempotent = endpoint.method == .get
        var attempt = 0
        while true {
            attempt += 1
            do {
                let (data, response) = try await exchange(request, requestId: requestId)
                return try decode(data, response, requestId: requestId, as: Response.self)
            } catch let error where idempotent && attempt <= idempotentRetries && error.code == .serviceUnavailable {
                continue
            }
        }
    }

    private func exchange(_ request: URLRequest, requestId: String) async throws(TPCError) -> (Data, HTTPURLResponse) {
        let timeout = requestTimeout
        do {
            // URLSession's own timeout measures idleness; the deadline here
            // bounds the whole exchange, so a service that trickles bytes
            // cannot hold a caller past its limit either.
            let (data, response) = try await Deadline.run(seconds: timeout) { [session] in
                try await session.data(for: request)
            }
            guard let http = response as? HTTPURLResponse else {
                throw TPCError(.invalidFormat, "the service's answer is not HTTP", requestId: requestId)
            }
            return (data, http)
        } catch let error as TPCError {
            throw error.withRequestId(requestId)
        } catch let error as URLError {
            throw Self.map(error, requestId: requestId)
        } catch is CancellationError {
            throw TPCError(.timedOut, "the request was cancelled", requestId: requestId)
        } catch {
            throw TPCError(.serviceUnavailable, "the request failed", requestId: requestId)
        }
    }

    private func decode<Response: Decodable & Sendable>(
        _ data: Data, _ response: HTTPURLResponse, requestId sent: String, as type: Response.Type
    ) throws(TPCError) -> Reply<Response> {
        let requestId = response.value(forHTTPHeaderField: APIHeaders.requestId) ?? sent
        guard (200..<300).contains(response.statusCode) else {
            if let problem = try? JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: data) {
                throw TPCError(
                    status: response.statusCode, problemType: problem.type.rawValue,
                    message: problem.detail ?? problem.title, requestId: problem.requestId ?? requestId)
            }
            throw TPCError(
                status: response.statusCode, problemType: "http-\(response.statusCode)",
                message: "the service answered with status \(response.statusCode)", requestId: requestId)
        }
        do {
            return Reply(body: try JSONDecoder.provisioningAPI.decode(Response.self, from: data), requestId: requestId)
        } catch {
            throw TPCError(.invalidFormat, "the service's answer does not match the contract", requestId: requestId)
        }
    }

    static func map(_ error: URLError, requestId: String) -> TPCError {
        switch error.code {
        case .timedOut:
            TPCError(.timedOut, "the service did not answer in time", requestId: requestId)
        case .cancelled:
            TPCError(.timedOut, "the request was cancelled", requestId: requestId)
        default:
            TPCError(
                .serviceUnavailable, "the service cannot be reached (\(error.code.rawValue))", requestId: requestId)
        }
    }
}
