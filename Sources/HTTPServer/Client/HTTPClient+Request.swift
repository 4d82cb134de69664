import Foundation

extension HTTPClient {
    /// One request: method, absolute `http` or `https` URL, header fields,
    /// body, and optionally its own timeout.
    ///
    /// `Host`, `Content-Length` and `Connection` are written by the client;
    /// fields of those names (and `Transfer-Encoding`) given here are ignored.
    public struct Request: Sendable {
        public var method: HTTPMethod
        /// An absolute `http` or `https` URL; its path and query are sent as
        /// they are percent-encoded in it.
        public var url: URL
        public var headers: HTTPHeaders
        public var body: [UInt8]
        /// Overrides ``HTTPClient/Configuration/timeout`` for this request.
        public var timeout: Duration?

        public init(
            method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
            timeout: Duration? = nil
        ) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.timeout = timeout
        }
    }

    /// A complete response.
    public struct Response: Sendable {
        public var status: HTTPStatus
        /// The header fields as received (trailers of a chunked body are not kept).
        public var headers: HTTPHeaders
        /// The body, with any chunked transfer coding removed.
        public var body: [UInt8]

        public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }
}
