import Foundation
import ProvisioningAPI

extension HTTPClient {
    /// One request: method, absolute `http` or `https` URL, header fields,
    /// body, and optionally its own timeout.
    ///
    /// `Host`, `Content-Length` and `Connection` are written by the client;
    /// fields of those names (and `Transfer-Encoding`) given here are ignored.
    package struct Request: Sendable {
        package var method: HTTPMethod
        /// An absolute `http` or `https` URL; its path and query are sent as
        /// they are percent-encoded in it.
        package var url: URL
        package var headers: HTTPHeaders
        package var body: [UInt8]
        /// Overrides ``HTTPClient/Configuration/timeout`` for this request.
        package var timeout: Duration?

        package init(
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
    package struct Response: Sendable {
        package var status: HTTPStatus
        /// The header fields as received (trailers of a chunked body are not kept).
        package var headers: HTTPHeaders
        /// The body, with any chunked transfer coding removed.
        package var body: [UInt8]

        package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }
}
