import ProvisioningAPI

/// What the server records about every answered request: the access-log line and
/// the input for metrics. It never holds bodies, query values or header values.
package struct CompletedRequest: Sendable {
    package var requestID: String
    package var method: HTTPMethod
    /// The path without the query, as sent (percent-encoded).
    package var path: String
    /// The matched route pattern, or `nil` when no route matched (404, 405) or the
    /// server answered before routing (413, 503).
    package var routePattern: String?
    package var status: HTTPStatus
    /// The problem `type` of a problem answer, `nil` for any other response:
    /// what an outcome metric or log line names.
    package var problemType: ProblemType?
    /// From the first sight of the request headers to queueing the response.
    package var duration: Duration
    package var peerAddress: String?
    /// The request body size accepted (0 when it was refused).
    package var requestBodyBytes: Int
    package var responseBodyBytes: Int
}
