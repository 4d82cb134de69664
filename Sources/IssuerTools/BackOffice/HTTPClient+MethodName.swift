import Foundation
import HTTPServer

// A file of its own: it imports HTTPServer without ProvisioningAPI, whose
// HTTPMethod shares the name, and the module name HTTPServer is also a class.
extension HTTPClient.Request {
    /// A request whose method is given by its token (`"GET"`, `"POST"`…).
    init(methodNamed method: String, url: URL) {
        self.init(method: HTTPMethod(rawValue: method), url: url)
    }
}
