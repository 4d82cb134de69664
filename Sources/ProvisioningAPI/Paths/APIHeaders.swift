/// Header names and media types of the contract.
package enum APIHeaders {
    /// The request identifier: on every response; a client may send its own.
    package static let requestId = "X-Request-Id"
    /// Back-office API keys travel as `Authorization: Bearer <key>`.
    package static let authorization = "Authorization"
    /// The network notification signature; see ``NotificationSignature``.
    package static let notificationSignature = NotificationSignature.headerName
    /// Seconds to wait, on `rate-limited` and `service-unavailable` answers.
    package static let retryAfter = "Retry-After"
    /// The entity tag of card art.
    package static let eTag = "ETag"
    /// Conditional card-art requests.
    package static let ifNoneMatch = "If-None-Match"
    /// The content type header.
    package static let contentType = "Content-Type"

    /// The media type of JSON bodies.
    package static let jsonMediaType = "application/json"
    /// The media type of problem bodies.
    package static let problemMediaType = ProblemDetails.contentType
    /// The media type of card art.
    package static let pngMediaType = "image/png"
    /// The media type of `/metrics`.
    package static let prometheusMediaType = "text/plain; version=0.0.4; charset=utf-8"

    /// The `Authorization` value for a back-office API key.
    package static func bearer(_ apiKey: String) -> String {
        "Bearer " + apiKey
    }

    /// The API key of an `Authorization: Bearer <key>` value, or `nil` when the
    /// value has another scheme or no key. The scheme is case-insensitive.
    package static func bearerToken(fromAuthorization value: String) -> String? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
