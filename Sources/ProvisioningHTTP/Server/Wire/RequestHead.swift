import ProvisioningAPI

/// A request's head as RFC 9112 frames it: the request line and header fields,
/// checked, with what the server needs to read the body and to keep or close
/// the connection afterwards.
package struct RequestHead: Sendable {
    package enum Version: Sendable, Equatable {
        case http10, http11
    }

    /// How the body is delimited (RFC 9112 §6.3).
    package enum BodyFraming: Sendable, Equatable {
        case none
        case length(Int)
        case chunked
    }

    package var method: HTTPMethod
    /// The path as sent, percent-escapes kept, without the query.
    package var path: String
    package var query: HTTPQuery
    package var version: Version
    package var headers: HTTPHeaders
    package var framing: BodyFraming
    /// Whether the connection may carry another request after this one's answer.
    package var keepAlive: Bool
    /// An HTTP/1.1 `Expect: 100-continue`: the client waits for `100 Continue`
    /// (or a final answer) before it sends the body.
    package var expectsContinue: Bool
    /// Set when the head parsed but cannot be served as framed (both
    /// `Content-Length` and `Transfer-Encoding`, a coding other than `chunked`,
    /// disagreeing lengths…): answered with this problem, and the connection
    /// closed, as its body's end is unknown.
    package var refusal: ProblemDetails?
}
