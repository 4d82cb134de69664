import ProvisioningAPI

/// An async request handler.
package typealias HTTPHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// Maps a method and path to a handler.
///
/// When no pattern matches the path the router answers `404`; when a pattern
/// matches but not for this method it answers `405` with an `Allow` header. A
/// `HEAD` request falls back to the `GET` route. When several patterns match, the
/// one with more literal segments wins (`/items/new` beats `/items/:id`).
///
/// ```swift
/// var router = Router(basePath: "/api")
/// router.get("/v1/issuers/:issuerId/tokens/:tokenId/state") { request in
///     let token = try request.pathParameters.require("tokenId")
///     return try .json(["token": token])
/// }
/// ```
package struct Router: Sendable {
    struct Route: Sendable {
        var method: HTTPMethod
        var pattern: RoutePattern
        var handler: HTTPHandler
    }

    /// What the router decided for one request.
    enum Resolution: Sendable {
        case matched(Route, PathParameters)
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    private let basePath: RoutePattern?
    private(set) var routes: [Route] = []

    /// Creates an empty router; every route added later is prefixed with `basePath`
    /// (for example `"/api"`), if given.
    package init(basePath: String? = nil) {
        self.basePath = basePath.map(RoutePattern.init).flatMap { $0.segments.isEmpty ? nil : $0 }
    }

    /// Adds a route. Later routes with the same method and pattern are shadowed by earlier ones.
    package mutating func on(_ method: HTTPMethod, _ pattern: String, handler: @escaping HTTPHandler) {
        var routePattern = RoutePattern(pattern)
        if let basePath { routePattern = routePattern.prefixed(by: basePath) }
        routes.append(Route(method: method, pattern: routePattern, handler: handler))
    }

    /// Adds the routes `build` adds, each under `prefix` (after the router's own
    /// base path): how a collection of routes is mounted under an API's base path.
    ///
    /// ```swift
    /// var router = Router()
    /// router.group("/mg/tpc") { api in
    ///     api.get("/v1/health") { _ in .text("up") }  // answers /mg/tpc/v1/health
    /// }
    /// ```
    package mutating func group(_ prefix: String, _ build: (inout Router) -> Void) {
        var group = Router(basePath: prefix)
        build(&group)
        for route in group.routes {
            routes.append(
                Route(
                    method: route.method, pattern: basePath.map { route.pattern.prefixed(by: $0) } ?? route.pattern,
                    handler: route.handler))
        }
    }

    package mutating func get(_ pattern: String, handler: @escaping HTTPHandler) {
        on(.get, pattern, handler: handler)
    }

    package mutating func post(_ pattern: String, handler: @escaping HTTPHandler) {
        on(.post, pattern, handler: handler)
    }

    package mutating func put(_ pattern: String, handler: @escaping HTTPHandler) {
        on(.put, pattern, handler: handler)
    }

    package mutating func patch(_ pattern: String, handler: @escaping HTTPHandler) {
        on(.patch, pattern, handler: handler)
    }

    package mutating func delete(_ pattern: String, handler: @escaping HTTPHandler) {
        on(.delete, pattern, handler: handler)
    }

    /// The same routes with every handler replaced by `wrap(handler)`.
    func wrappingHandlers(_ wrap: (@escaping HTTPHandler) -> HTTPHandler) -> Router {
        var copy = self
        copy.routes = routes.map { Route(method: $0.method, pattern: $0.pattern, handler: wrap($0.handler)) }
        return copy
    }

    func resolve(method: HTTPMethod, components: [String]) -> Resolution {
        var best: (route: Route, parameters: PathParameters)?
        var fallback: (route: Route, parameters: PathParameters)?
        var matchedAny = false
        for route in routes {
            guard let parameters = route.pattern.match(components) else { continue }
            matchedAny = true
            if route.method == method {
                if best.map({ route.pattern.specificity > $0.route.pattern.specificity }) ?? true {
                    best = (route, parameters)
                }
            } else if method == .head, route.method == .get {
                if fallback.map({ route.pattern.specificity > $0.route.pattern.specificity }) ?? true {
                    fallback = (route, parameters)
                }
            }
        }
        if let chosen = best ?? fallback {
            return .matched(chosen.route, chosen.parameters)
        }
        if !matchedAny { return .notFound }
        // Only a 405 needs the allowed methods: collect them in a second pass
        // rather than building the list for every routed request.
        var allowed: [HTTPMethod] = []
        for route in routes where route.pattern.match(components) != nil && !allowed.contains(route.method) {
            allowed.append(route.method)
        }
        if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
        return .methodNotAllowed(allowed: allowed)
    }
}
