import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP to the wallet API with URLSession, in the wire format of
/// ``ProvisioningAPI``.
///
/// Every request carries a fresh `X-Request-Id`. Error answers are RFC 9457
/// problems, mapped to ``DigitalCardError`` codes; transport failures become
/// ``DigitalCardError/Code/serviceUnavailable`` or ``DigitalCardError/Code/timedOut``,
/// which the wallet treats as "offline" and answers from its cache where it can.
struct WalletHTTPClient: Sendable {
    /// One raw answer.
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var requestId: String

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    let baseURL: URL
    let requestTimeout: TimeInterval
    private let session: URLSession

    init(baseURL: URL, requestTimeout: TimeInterval) {
        self.baseURL = baseURL
        self.requestTimeout = requestTimeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = requestTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// Sends a request; any status comes back (no mapping of errors).
    func exchange(
        _ endpoint: APIEndpoint, body: Data?, headers: [String: String], accept: String = APIHeaders.jsonMediaType
    ) async throws(DigitalCardError) -> Response {
        let requestId = UUID().uuidString.lowercased()
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw DigitalCardError(.invalidArgument, "the service URL cannot carry a path")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: requestTimeout)
        request.httpMethod = endpoint.method.rawValue
        request.setValue(requestId, forHTTPHeaderField: APIHeaders.requestId)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = body
            request.setValue(APIHeaders.jsonMediaType, forHTTPHeaderField: APIHeaders.contentType)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            switch error.code {
            case .timedOut, .cancelled:
                throw DigitalCardError(.timedOut, "the service did not answer in time", requestId: requestId)
            default:
                throw DigitalCardError(
                    .serviceUnavailable, "the service cannot be reached (\(error.code.rawValue))",
                    requestId: requestId)
            }
        } catch {
            throw DigitalCardError(.serviceUnavailable, "the request failed", requestId: requestId)
        }
        guard let http = response as? HTTPURLResponse else {
            throw DigitalCardError(.invalidFormat, "the service's answer is not HTTP", requestId: requestId)
        }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return Response(
            status: http.statusCode, headers: fields, body: data,
            requestId: fields.first { $0.key.lowercased() == APIHeaders.requestId.lowercased() }?.value ?? requestId)
    }

    /// The error an unsuccessful answer stands for.
    static func error(for response: Response) -> DigitalCardError {
        guard let problem = try? JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: response.body) else {
            return DigitalCardError(
                .serverError, "the service answered with status \(response.status)", requestId: response.requestId,
                httpStatus: response.status)
        }
        return DigitalCardError(
            code(for: problem.type, status: response.status), problem.detail ?? problem.title,
            requestId: problem.requestId ?? response.requestId, serverCode: problem.type.rawValue,
            httpStatus: response.status)
    }

    /// Maps the service's problem types to the SDK's codes.
    static func code(for type: ProblemType, status: Int) -> DigitalCardError.Code {
        switch type {
        case .notFound: .cardNotFound
        case .forbidden, .unauthorized: .forbidden
        case .activationCodeInvalid: .activationCodeInvalid
        case .activationLocked: .activationLocked
        case .activationSessionExpired: .activationExpired
        case .illegalTransition, .conflict: .illegalState
        case .paymentKeysExhausted: .paymentKeysExhausted
        case .cryptogramInvalid, .declined: .paymentDeclined
        case .authorizationCodeInvalid, .authorizationCodeExpired, .authorizationCodeReplayed,
            .authorizationCodeScope:
            .authorizationRefused
        case .invalidField, .malformedJSON, .badRequest: .invalidArgument
        case .serviceUnavailable, .shuttingDown: .serviceUnavailable
        default: status == 404 ? .cardNotFound : status == 403 ? .forbidden : .serverError
        }
    }
}
