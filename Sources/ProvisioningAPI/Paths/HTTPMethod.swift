import ProvisioningPrimitives

/// An HTTP request method such as `GET` or `POST`, the one type the client, the
/// service's router and the operation catalogue share.
///
/// Methods are compared by their exact (case-sensitive) token, as RFC 9110 §9.1
/// requires, so `get` is not `GET`. Any token a client sends is representable,
/// which lets the server answer `405` for methods it has never heard of.
///
/// ```swift
/// let method = HTTPMethod("PATCH")
/// assert(method == .patch && HTTPMethod("patch") != .patch)
/// ```
package struct HTTPMethod: ExtensibleEnumeration {
    /// The method's token, exactly as sent.
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`.
    package static let get = HTTPMethod("GET")
    /// `HEAD`.
    package static let head = HTTPMethod("HEAD")
    /// `POST`.
    package static let post = HTTPMethod("POST")
    /// `PUT`.
    package static let put = HTTPMethod("PUT")
    /// `PATCH`.
    package static let patch = HTTPMethod("PATCH")
    /// `DELETE`.
    package static let delete = HTTPMethod("DELETE")
    /// `OPTIONS`.
    package static let options = HTTPMethod("OPTIONS")
}
