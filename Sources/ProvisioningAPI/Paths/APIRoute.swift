/// One operation of the API: a method and a path pattern, relative to the
/// service's base path.
///
/// Patterns use `:name` for parameters (`/v1/issuers/:issuerId/tokens/:tokenId/state`),
/// the form the service's router registers; ``openAPIPath`` gives the
/// OpenAPI form (`{issuerId}`). ``all`` lists every route of the contract —
/// the service registers exactly these and the OpenAPI document describes
/// exactly these (a test checks both directions).
///
/// Clients do not build paths from patterns by hand: use ``APIPaths``, which
/// percent-encodes every identifier.
package struct APIRoute: Hashable, Sendable, CustomStringConvertible {
    /// The HTTP method.
    package let method: HTTPMethod
    /// The path pattern, with `:name` parameters.
    package let pattern: String
    /// The OpenAPI `operationId` of the route.
    package let operationId: String

    /// Declares a route. Parameters are whole segments starting with `:`.
    package init(_ method: HTTPMethod, _ pattern: String, operationId: String) {
        self.method = method
        self.pattern = pattern
        self.operationId = operationId
    }

    package var description: String { "\(method) \(pattern)" }

    private var segments: [Substring] {
        pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }

    /// The parameter names, in path order.
    package var parameterNames: [String] {
        segments.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
    }

    /// The pattern in OpenAPI form: `:name` becomes `{name}`.
    package var openAPIPath: String {
        "/" + segments.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }

    /// Builds the percent-encoded path for the given parameter values.
    ///
    /// - Throws: ``ProvisioningAPIError`` with code
    ///   ``ProvisioningAPIError/Code/invalidPathSegment`` when a parameter is
    ///   missing, empty, `.` or `..`.
    package func path(_ parameters: [String: String]) throws(ProvisioningAPIError) -> String {
        var built: [String] = []
        for segment in segments {
            guard segment.hasPrefix(":") else {
                built.append(String(segment))
                continue
            }
            let name = String(segment.dropFirst())
            guard let value = parameters[name], PathSegment.isValidIdentifier(value) else {
                throw ProvisioningAPIError(.invalidPathSegment, "\(name) must be a non-empty identifier")
            }
            built.append(PathSegment.encode(value))
        }
        return "/" + built.joined(separator: "/")
    }

    /// Matches a raw (still percent-encoded) request path, without query, and
    /// returns the decoded parameters.
    ///
    /// The path must be split before decoding so that an encoded `/` stays
    /// inside its parameter; a router that decodes the whole path first
    /// cannot tell `a%2Fb` from `a/b`.
    ///
    /// - Returns: The parameters by name, or `nil` when the path does not
    ///   match, a parameter is empty, `.` or `..`, or an escape is malformed.
    package func match(path: String) -> [String: String]? {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(segments, pathSegments) {
            if expected.hasPrefix(":") {
                guard let value = PathSegment.decode(actual), PathSegment.isValidIdentifier(value) else {
                    return nil
                }
                parameters[String(expected.dropFirst())] = value
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
