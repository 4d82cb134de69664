/// What the server records about every answered request: the access-log line and
/// the input for metrics. It never holds bodies, query values or header values.
public struct CompletedRequest: Sendable {
    public var requestID: String
    public var method: HTTPMethod
    /// The path without the query, as sent (percent-encoded).
    public var path: String
    /// The matched route pattern, or `nil` when no route matched (404, 405) or the
    /// server answered before routing (413, 503).
    public var routePattern: String?
    public var status: HTTPStatus
    /// From the first sight of the request headers to queueing the response.
    public var duration: Duration
    public var peerAddress: String?
    /// The request body size accepted (0 when it was refused).
    public var requestBodyBytes: Int
    public var responseBodyBytes: Int
}
