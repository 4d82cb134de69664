/// An HTTP response status code with its standard reason phrase.
///
/// The reason phrase is what ``ProblemDetails`` uses as a default `title` and
/// what the server writes on the status line.
package struct HTTPStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    package init(_ code: Int) {
        self.rawValue = code
    }

    /// The status code, for example `404`.
    package var code: Int { rawValue }

    package var description: String { String(rawValue) }

    /// The RFC 9110 reason phrase, or `"Unknown Status"` for unregistered codes.
    package var reasonPhrase: String {
        switch rawValue {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Unknown Status"
        }
    }

    package static let ok = HTTPStatus(200)
    package static let created = HTTPStatus(201)
    package static let accepted = HTTPStatus(202)
    package static let noContent = HTTPStatus(204)
    package static let badRequest = HTTPStatus(400)
    package static let unauthorized = HTTPStatus(401)
    package static let forbidden = HTTPStatus(403)
    package static let notFound = HTTPStatus(404)
    package static let methodNotAllowed = HTTPStatus(405)
    package static let conflict = HTTPStatus(409)
    package static let gone = HTTPStatus(410)
    package static let preconditionFailed = HTTPStatus(412)
    package static let contentTooLarge = HTTPStatus(413)
    package static let unsupportedMediaType = HTTPStatus(415)
    package static let unprocessableContent = HTTPStatus(422)
    package static let tooManyRequests = HTTPStatus(429)
    package static let requestHeaderFieldsTooLarge = HTTPStatus(431)
    package static let internalServerError = HTTPStatus(500)
    package static let notImplemented = HTTPStatus(501)
    package static let serviceUnavailable = HTTPStatus(503)
}
