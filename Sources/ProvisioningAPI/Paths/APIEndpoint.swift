import Foundation

/// A concrete request target: a route with its parameters filled in.
///
/// Made by ``APIPaths``; turned into a URL under the configured base URL
/// with ``url(relativeTo:)``.
///
/// ```swift
/// let endpoint = try APIPaths.tokenState(issuerId: "bank-1", tokenId: tokenId)
/// var request = URLRequest(url: endpoint.url(relativeTo: URL(string: "https://host/mg/tpc")!)!)
/// request.httpMethod = endpoint.method.rawValue
/// ```
package struct APIEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The route this endpoint is an instance of.
    package let route: APIRoute
    /// The percent-encoded path, relative to the base path, starting with `/`.
    package let path: String
    /// The query, unencoded.
    package let queryItems: [URLQueryItem]

    /// Fills in `route` with `parameters` (see ``APIRoute/path(_:)``).
    package init(
        route: APIRoute, parameters: [String: String] = [:], queryItems: [URLQueryItem] = []
    ) throws(ProvisioningAPIError) {
        self.route = route
        self.path = try route.path(parameters)
        self.queryItems = queryItems
    }

    /// The route's method.
    package var method: HTTPMethod { route.method }

    /// The percent-encoded query, without `?`; empty when there is none.
    ///
    /// Names and values are encoded like path segments, so `+`, `&` and `=`
    /// inside a value (an opaque cursor, say) survive any form decoder.
    package var encodedQuery: String {
        queryItems.map { item in
            PathSegment.encode(item.name) + (item.value.map { "=" + PathSegment.encode($0) } ?? "")
        }.joined(separator: "&")
    }

    /// The path and query, as sent on the request line below the base path.
    package var pathAndQuery: String {
        encodedQuery.isEmpty ? path : path + "?" + encodedQuery
    }

    package var description: String { "\(method) \(pathAndQuery)" }

    /// The full URL below `baseURL`, whose path is kept as a prefix:
    /// `https://host/mg/tpc` + `/v1/…` → `https://host/mg/tpc/v1/…`. A trailing
    /// slash on the base is ignored; its query and fragment are dropped.
    ///
    /// - Returns: `nil` only when `baseURL` cannot carry a path (for example
    ///   a `mailto:` URL).
    package func url(relativeTo baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") {
            basePath.removeLast()
        }
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = encodedQuery.isEmpty ? nil : encodedQuery
        components.fragment = nil
        return components.url
    }
}
