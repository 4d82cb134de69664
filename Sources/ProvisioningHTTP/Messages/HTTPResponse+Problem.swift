import Foundation
import ProvisioningAPI

extension HTTPResponse {
    /// Seconds a client is told to wait (`Retry-After`) before retrying a `503`:
    /// an outage of a dependency, a handler past its deadline or a server
    /// shutting down, all worth retrying shortly.
    package static let retryAfterSeconds = 1

    /// The `application/problem+json` answer for `problem`, the one place a
    /// problem becomes a response.
    ///
    /// ``ProblemDetails/instance`` defaults to the request path and
    /// ``ProblemDetails/requestId`` is always the request's, so every refusal
    /// can be matched with the server's log. A `503` carries `Retry-After`.
    ///
    /// ```swift
    /// let response = HTTPResponse(problem: ProblemDetails(.notFound), instance: "/v1/x", requestID: "r1")
    /// // response.status == .notFound, response.problemType == .notFound
    /// ```
    package init(problem: ProblemDetails, instance: String?, requestID: String?, headers: HTTPHeaders = HTTPHeaders()) {
        var problem = problem
        problem.requestId = requestID
        problem.instance = problem.instance ?? instance
        var headers = headers
        headers["Content-Type"] = ProblemDetails.contentType
        if problem.status == 503, !headers.contains(APIHeaders.retryAfter) {
            headers[APIHeaders.retryAfter] = String(Self.retryAfterSeconds)
        }
        // The members are strings, numbers and field names: encoding cannot fail
        // in practice, and a valid document is still sent if it does.
        let body =
            (try? JSONEncoder.provisioningAPI.encode(problem)).map(Array.init)
            ?? Array(#"{"status":\#(problem.status),"title":"Error","type":"about:blank"}"#.utf8)
        self.init(status: HTTPStatus(problem.status), headers: headers, body: body)
        self.problemType = problem.type
    }

    /// The answer for `problem` to `request`.
    package init(problem: ProblemDetails, for request: HTTPRequest, headers: HTTPHeaders = HTTPHeaders()) {
        self.init(problem: problem, instance: request.path, requestID: request.requestID, headers: headers)
    }
}
