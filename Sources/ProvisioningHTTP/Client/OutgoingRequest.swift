import Foundation
import ProvisioningAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request checked and serialized for the wire, with where it goes.
struct OutgoingRequest: Sendable {
    let method: HTTPMethod
    /// The host to resolve and verify: an IPv6 address without brackets.
    let host: String
    let port: Int
    let usesTLS: Bool
    /// Whether ``host`` is a numeric address (checked as an IP, sent without SNI).
    let hostIsAddress: Bool
    /// `host:port`, for error reasons.
    let peer: String
    /// Head and body.
    let bytes: [UInt8]

    /// Fields the client writes itself.
    private static let reservedFields = ["host", "content-length", "connection", "transfer-encoding"]

    init(_ request: HTTPClient.Request) throws {
        let url = request.url
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw HTTPError(.invalidRequest, reason: "only http and https URLs are supported")
        }
        guard var host = url.host, !host.isEmpty else {
            throw HTTPError(.invalidRequest, reason: "the URL has no host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        usesTLS = scheme == "https"
        let defaultPort = usesTLS ? 443 : 80
        port = url.port ?? defaultPort
        guard (1...65535).contains(port) else {
            throw HTTPError(.invalidRequest, reason: "the URL's port is out of range")
        }
        self.host = host
        hostIsAddress = Self.isNumericAddress(host)
        let bracketed = host.contains(":") ? "[\(host)]" : host
        peer = "\(bracketed):\(port)"
        method = request.method
        guard HTTPSyntax.isToken(request.method.rawValue) else {
            throw HTTPError(.invalidRequest, reason: "the method is not an HTTP token")
        }

        var target = url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        guard !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw HTTPError(.invalidRequest, reason: "the URL's path or query holds a space or control byte")
        }

        var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
        head += "Host: \(port == defaultPort ? bracketed : peer)\r\n"
        for field in request.headers where !Self.reservedFields.contains(field.name.lowercased()) {
            guard HTTPSyntax.isToken(field.name), HTTPSyntax.isFieldValue(field.value) else {
                throw HTTPError(.invalidRequest, reason: "a header field name or value is not valid HTTP")
            }
            head += "\(field.name): \(field.value)\r\n"
        }
        if !request.body.isEmpty || [HTTPMethod.post, .put, .patch].contains(request.method) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        bytes = Array(head.utf8) + request.body
    }

    private static func isNumericAddress(_ host: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &buffer) == 1 || inet_pton(AF_INET6, host, &buffer) == 1
    }
}
