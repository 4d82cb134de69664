/// An HTTP request method.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's token, upper case.
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    package var description: String { rawValue }

    /// `GET`.
    package static let get = HTTPMethod(rawValue: "GET")
    /// `POST`.
    package static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    package static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`.
    package static let delete = HTTPMethod(rawValue: "DELETE")
    /// `PATCH`.
    package static let patch = HTTPMethod(rawValue: "PATCH")
}
