import HTTPServer

// A file of its own: it imports HTTPServer without ProvisioningAPI, whose
// HTTPMethod shares the name, and the module name HTTPServer is also a class.
extension Router {
    /// Adds a route for a method given by its token (`"GET"`, `"POST"`…).
    mutating func on(methodNamed method: String, _ pattern: String, handler: @escaping HTTPHandler) {
        on(HTTPMethod(rawValue: method), pattern, handler: handler)
    }
}
