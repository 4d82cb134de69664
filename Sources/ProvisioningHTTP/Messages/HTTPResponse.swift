import Foundation
import ProvisioningAPI

/// An HTTP response produced by a handler.
///
/// `Content-Length` and the `Date` header are written by the server; `X-Request-Id`
/// is always added from the request.
///
/// ```swift
/// router.get("/v1/health") { _ in try .json(["ok": true]) }
/// ```
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// The problem `type` when this is a problem answer (``init(problem:instance:requestID:headers:)``),
    /// for the outcome observers (``CompletedRequest/problemType``); never sent.
    package var problemType: ProblemType?

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response encoded with `encoder` (sorted keys by default, so bodies are
    /// stable for tests and caches).
    ///
    /// - Throws: the encoder's error when `value` cannot be encoded; the server
    ///   turns it into a generic `500`.
    package static func json<T: Encodable>(
        _ value: T, status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(),
        encoder: JSONEncoder = HTTPResponse.defaultJSONEncoder()
    ) throws -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return HTTPResponse(status: status, headers: headers, body: Array(try encoder.encode(value)))
    }

    /// A `text/plain; charset=utf-8` response.
    package static func text(
        _ text: String, status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders()
    )
        -> HTTPResponse
    {
        var headers = headers
        headers["Content-Type"] = "text/plain; charset=utf-8"
        return HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
    }

    /// An empty response, `204 No Content` by default.
    package static func empty(status: HTTPStatus = .noContent, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers)
    }

    /// The encoder used by ``json(_:status:headers:encoder:)`` when none is given.
    package static func defaultJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
