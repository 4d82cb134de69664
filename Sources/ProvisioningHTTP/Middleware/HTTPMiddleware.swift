import ProvisioningAPI

/// A stage wrapped around every routed request.
///
/// Middleware runs after routing (so ``HTTPRequest/routePattern`` and
/// ``HTTPRequest/pathParameters`` are set) and before the route's handler, in the
/// order given to ``HTTPServer``. It may answer on its own, change the request, or
/// post-process the response. Errors thrown here are mapped like handler errors.
///
/// ```swift
/// struct RequireJSON: HTTPMiddleware {
///     func respond(to request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
///         guard request.method != .post || request.headers["Content-Type"] == "application/json" else {
///             throw ProblemDetails(.unsupportedMediaType)
///         }
///         return try await next(request)
///     }
/// }
/// ```
package protocol HTTPMiddleware: Sendable {
    func respond(to request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse
}
