import Foundation
import ProvisioningAPI
import ProvisioningHTTP

extension Router {
    /// Mounts an operation of the contract at its method and pattern (under the
    /// router's base path), refusing a `POST` whose body is not JSON before the
    /// handler runs. What a handler throws is answered by the HTTP layer
    /// (``ProvisioningAPI/ProblemConvertible``).
    mutating func on(_ route: APIRoute, handler: @escaping HTTPHandler) {
        on(route.method, route.pattern) { request in
            if request.method == .post, let type = request.headers[APIHeaders.contentType], !Self.namesJSON(type) {
                throw ProblemDetails(.unsupportedMediaType, detail: "send application/json")
            }
            return try await handler(request)
        }
    }

    /// Whether a `Content-Type` names JSON (`application/json`, `…+json`, any
    /// parameters): "json" anywhere, ASCII case-insensitively as media types
    /// compare — without `String.contains`, which went through `NSString` on
    /// every request.
    static func namesJSON(_ contentType: String) -> Bool {
        let bytes = Array(contentType.utf8)
        let json: [UInt8] = Array("json".utf8)
        guard bytes.count >= json.count else { return false }
        for start in 0...(bytes.count - json.count) {
            var matches = true
            for offset in 0..<json.count where bytes[start + offset] | 0x20 != json[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }
}

extension HTTPRequest {
    /// The query parsed by `parse`, any refusal answered as `invalid-field`.
    func parsedQuery<Query>(
        _ parse: ([URLQueryItem]) throws(ProvisioningAPIError) -> Query
    ) throws(ServiceError) -> Query {
        do {
            return try parse(query.items.map { URLQueryItem(name: $0.name, value: $0.value) })
        } catch {
            throw ServiceError(.invalidField, "a query parameter is invalid")
        }
    }
}
