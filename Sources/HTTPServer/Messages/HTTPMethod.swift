/// An HTTP request method such as `GET` or `POST`.
///
/// Methods are compared by their exact (case-sensitive) token, as RFC 9110 requires.
/// Any token the client sends is representable, so handlers can answer `405` for
/// methods the service has never heard of.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    package static let get = HTTPMethod("GET")
    package static let head = HTTPMethod("HEAD")
    package static let post = HTTPMethod("POST")
    package static let put = HTTPMethod("PUT")
    package static let patch = HTTPMethod("PATCH")
    package static let delete = HTTPMethod("DELETE")
    package static let options = HTTPMethod("OPTIONS")
}
