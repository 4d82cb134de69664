/// An error a handler throws to answer with a specific status and an RFC 9457
/// problem document.
///
/// The ``Code`` is the problem's stable `type` URI; the detail is sent to the
/// client, so it must never carry secrets (keys, PANs, codes, nonces). Any other
/// error thrown by a handler becomes a `500` whose detail says nothing about it.
///
/// ```swift
/// extension HTTPError.Code {
///     static let tokenNotFound = HTTPError.Code("urn:example:problem:token-not-found", status: .notFound)
/// }
/// throw HTTPError(.tokenNotFound, detail: "No such token.", extensions: ["tokenId": .string(id)])
/// ```
package struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// A problem type: its URI, default status and default title.
    package struct Code: RawRepresentable, Hashable, Sendable {
        /// The problem `type` URI.
        package let rawValue: String
        package let status: HTTPStatus
        package let title: String

        package init(rawValue: String) {
            self.init(rawValue, status: .internalServerError)
        }

        /// - Parameters:
        ///   - uri: the stable problem `type` URI.
        ///   - status: the status answered for this problem.
        ///   - title: the summary; the status's reason phrase when `nil`.
        package init(_ uri: String, status: HTTPStatus, title: String? = nil) {
            self.rawValue = uri
            self.status = status
            self.title = title ?? status.reasonPhrase
        }

        package static func == (lhs: Code, rhs: Code) -> Bool { lhs.rawValue == rhs.rawValue }
        package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        static let prefix = "urn:pushprovisioning:problem:"

        package static let badRequest = Code(prefix + "bad-request", status: .badRequest)
        package static let malformedBody = Code(
            prefix + "malformed-json", status: .badRequest, title: "Malformed JSON body")
        package static let unauthorized = Code(prefix + "unauthorized", status: .unauthorized)
        package static let forbidden = Code(prefix + "forbidden", status: .forbidden)
        package static let notFound = Code(prefix + "not-found", status: .notFound)
        package static let methodNotAllowed = Code(prefix + "method-not-allowed", status: .methodNotAllowed)
        package static let conflict = Code(prefix + "conflict", status: .conflict)
        package static let contentTooLarge = Code(prefix + "body-too-large", status: .contentTooLarge)
        package static let unsupportedMediaType = Code(prefix + "unsupported-media-type", status: .unsupportedMediaType)
        package static let tooManyRequests = Code(prefix + "rate-limited", status: .tooManyRequests)
        package static let internalError = Code(prefix + "internal", status: .internalServerError)
        /// The handler did not finish before ``HTTPServer/Limits/handlerDeadline``.
        package static let handlerTimeout = Code(
            prefix + "handler-timeout", status: .serviceUnavailable, title: "Request Timed Out")
        /// The server is shutting down.
        package static let shuttingDown = Code(prefix + "shutting-down", status: .serviceUnavailable)
    }

    package var code: Code
    package var status: HTTPStatus
    package var detail: String?
    package var extensions: [String: ProblemDetails.Value]
    /// Extra response headers such as `Allow` or `Retry-After`.
    package var headers: HTTPHeaders

    package init(
        _ code: Code, status: HTTPStatus? = nil, detail: String? = nil,
        extensions: [String: ProblemDetails.Value] = [:], headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.code = code
        self.status = status ?? code.status
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
    }

    /// Describes the problem type and status only (no detail, which may be long).
    package var description: String { "HTTPError(\(code.rawValue), \(status.code))" }

    /// The problem document for a request at `instance`.
    package func problem(instance: String?, requestID: String?) -> ProblemDetails {
        var extensions = extensions
        if let requestID { extensions["requestId"] = .string(requestID) }
        return ProblemDetails(
            type: code.rawValue, title: code.title, status: status.code, detail: detail, instance: instance,
            extensions: extensions)
    }

    /// The `application/problem+json` response for a request.
    package func response(for request: HTTPRequest) -> HTTPResponse {
        response(instance: request.path, requestID: request.requestID)
    }

    func response(instance: String?, requestID: String?) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = ProblemDetails.mediaType
        let body: [UInt8]
        if let data = try? HTTPResponse.defaultJSONEncoder().encode(problem(instance: instance, requestID: requestID)) {
            body = Array(data)
        } else {
            // Extension values are plain JSON, so this is unreachable in practice;
            // still answer with a valid document rather than an empty body.
            body = Array(#"{"status":\#(status.code),"title":"Error","type":"about:blank"}"#.utf8)
        }
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
