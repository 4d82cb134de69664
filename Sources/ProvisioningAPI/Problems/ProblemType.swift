import ProvisioningPrimitives

/// The stable identifier of a kind of problem: a URI, the `type` member of
/// ``ProblemDetails``.
///
/// Clients switch on the type, never on the title or detail text. The
/// catalogue below is part of the contract: a type is never renamed or
/// reused for another meaning. Unknown URIs (from a newer service) decode and
/// compare like any other; their ``title`` and ``defaultStatus`` are generic.
///
/// ```swift
/// if problem.type == .authorizationCodeExpired { /* ask the bank for a new code */ }
/// ```
package struct ProblemType: ExtensibleEnumeration, Codable {
    /// The URI.
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The type with URI ``baseURI`` + `slug`.
    package init(slug: String) {
        self.init(rawValue: Self.baseURI + slug)
    }

    // Codable as the bare string: the standard library's RawRepresentable coding.

    /// The prefix of every type URI of the catalogue.
    package static let baseURI = "urn:pushprovisioning:problem:"

    /// The last path segment of a catalogue URI (`"nonce-replayed"`), or `nil`
    /// for a URI outside the catalogue's base.
    package var slug: String? {
        guard rawValue.hasPrefix(Self.baseURI) else { return nil }
        return String(rawValue.dropFirst(Self.baseURI.count))
    }

    /// The catalogue's short, human-readable summary; stable for a type.
    package var title: String { Self.entries[self]?.title ?? "Problem" }

    /// The HTTP status the service answers with for this type; 500 for an
    /// unknown type.
    package var defaultStatus: Int { Self.entries[self]?.status ?? 500 }

    /// Whether this type is part of the catalogue.
    package var isKnown: Bool { Self.entries[self] != nil }

    /// RFC 9457's type for a problem with no more specific meaning than its status.
    package static let aboutBlank = ProblemType(rawValue: "about:blank")

    /// The body is not JSON, or not an object of the expected shape. 400.
    package static let malformedJSON = ProblemType(slug: "malformed-json")
    /// A field is missing, of the wrong type, malformed or out of range; see `errors`. 422.
    package static let invalidField = ProblemType(slug: "invalid-field")
    /// The encrypted payload is not CMS for this issuer's certificate, or does not decrypt. 422.
    package static let payloadUndecryptable = ProblemType(slug: "payload-undecryptable")
    /// The decrypted payload fails validation (Luhn, expiry, BIN, name); see `errors`. 422.
    package static let payloadInvalid = ProblemType(slug: "payload-invalid")
    /// The authorization code is malformed, badly signed, or for another issuer or audience. 401.
    package static let authorizationCodeInvalid = ProblemType(slug: "authorization-code-invalid")
    /// The authorization code has expired or is not yet valid. 401.
    package static let authorizationCodeExpired = ProblemType(slug: "authorization-code-expired")
    /// The authorization code was used before. 401.
    package static let authorizationCodeReplayed = ProblemType(slug: "authorization-code-replayed")
    /// The authorization code does not allow this action, card or token. 403.
    package static let authorizationCodeScope = ProblemType(slug: "authorization-code-scope")
    /// Apple's certificate chain does not verify to the pinned root or lacks the markers. 422.
    package static let certificateChainInvalid = ProblemType(slug: "certificate-chain-invalid")
    /// Apple's nonce was used before. 409.
    package static let nonceReplayed = ProblemType(slug: "nonce-replayed")
    /// No issuer with this identifier. 404.
    package static let unknownIssuer = ProblemType(slug: "unknown-issuer")
    /// No such resource (or not one this caller may see). 404.
    package static let notFound = ProblemType(slug: "not-found")
    /// The action is not allowed from the token's or card's current state. 409.
    package static let illegalTransition = ProblemType(slug: "illegal-transition")
    /// The request conflicts with the resource's current state. 409.
    package static let conflict = ProblemType(slug: "conflict")
    /// The body exceeds the service's limit. 413.
    package static let bodyTooLarge = ProblemType(slug: "body-too-large")
    /// Missing or wrong credentials (API key, wallet credentials). 401.
    package static let unauthorized = ProblemType(slug: "unauthorized")
    /// A network notification's signature is missing or wrong. 401.
    package static let notificationSignatureInvalid = ProblemType(slug: "notification-signature-invalid")
    /// A network notification's timestamp is outside the replay window. 401.
    package static let notificationStale = ProblemType(slug: "notification-stale")
    /// Too many requests; retry after the `Retry-After` header. 429.
    package static let rateLimited = ProblemType(slug: "rate-limited")
    /// The service cannot serve now (database unreachable, shutting down). 503.
    package static let serviceUnavailable = ProblemType(slug: "service-unavailable")
    /// The card network failed or timed out; the request may be retried. 502.
    package static let upstreamNetworkError = ProblemType(slug: "upstream-network-error")
    /// The card network declined the card (ID&V decline). 422.
    package static let declined = ProblemType(slug: "declined")
    /// An unexpected failure inside the service. 500.
    package static let `internal` = ProblemType(slug: "internal")
    /// No route for this path. 404 is `notFound`; this is the wrong method. 405.
    package static let methodNotAllowed = ProblemType(slug: "method-not-allowed")
    /// The body is not `application/json` where JSON is expected. 415.
    package static let unsupportedMediaType = ProblemType(slug: "unsupported-media-type")
    /// The scheme or product is not enabled for this issuer. 422.
    package static let unsupportedScheme = ProblemType(slug: "unsupported-scheme")
    /// A wallet ID&V one-time code is wrong or its session expired. 422.
    package static let activationCodeInvalid = ProblemType(slug: "activation-code-invalid")
    /// The wallet ID&V session ended before a right code was given; enrol again. 410.
    package static let activationSessionExpired = ProblemType(slug: "activation-session-expired")
    /// Too many wrong one-time codes: the activation session is locked. 403.
    package static let activationLocked = ProblemType(slug: "activation-locked")
    /// A payment cryptogram does not verify, or its key was used already. 422.
    package static let cryptogramInvalid = ProblemType(slug: "cryptogram-invalid")
    /// The card has no unused payment key left; replenish first. 409.
    package static let paymentKeysExhausted = ProblemType(slug: "payment-keys-exhausted")
    /// A request the server cannot parse at the HTTP level.
    package static let badRequest = ProblemType(slug: "bad-request")
    /// Authenticated, but not allowed.
    package static let forbidden = ProblemType(slug: "forbidden")
    /// The handler did not answer before the server's deadline.
    package static let handlerTimeout = ProblemType(slug: "handler-timeout")
    /// The server is shutting down and does not take the request.
    package static let shuttingDown = ProblemType(slug: "shutting-down")
    /// The request line and header fields together exceed the server's limit.
    package static let headersTooLarge = ProblemType(slug: "headers-too-large")
    /// The request line alone exceeds the server's limit for the head.
    package static let uriTooLong = ProblemType(slug: "uri-too-long")
    /// The request's HTTP major version is not 1.
    package static let httpVersionNotSupported = ProblemType(slug: "http-version-not-supported")
    /// The request body uses a transfer coding other than `chunked`.
    package static let unsupportedTransferCoding = ProblemType(slug: "unsupported-transfer-coding")

    private struct Entry: Sendable {
        let title: String
        let status: Int
    }

    private static let catalogue: [(ProblemType, Entry)] = [
        (.malformedJSON, Entry(title: "Malformed JSON body", status: 400)),
        (.invalidField, Entry(title: "Invalid field", status: 422)),
        (.payloadUndecryptable, Entry(title: "Encrypted payload cannot be decrypted", status: 422)),
        (.payloadInvalid, Entry(title: "Card payload is invalid", status: 422)),
        (.authorizationCodeInvalid, Entry(title: "Authorization code is invalid", status: 401)),
        (.authorizationCodeExpired, Entry(title: "Authorization code has expired", status: 401)),
        (.authorizationCodeReplayed, Entry(title: "Authorization code was already used", status: 401)),
        (.authorizationCodeScope, Entry(title: "Authorization code does not cover this request", status: 403)),
        (.certificateChainInvalid, Entry(title: "Certificate chain is invalid", status: 422)),
        (.nonceReplayed, Entry(title: "Nonce was already used", status: 409)),
        (.unknownIssuer, Entry(title: "Unknown issuer", status: 404)),
        (.notFound, Entry(title: "Not found", status: 404)),
        (.illegalTransition, Entry(title: "Illegal state transition", status: 409)),
        (.conflict, Entry(title: "Conflict", status: 409)),
        (.bodyTooLarge, Entry(title: "Request body too large", status: 413)),
        (.unauthorized, Entry(title: "Unauthorized", status: 401)),
        (.notificationSignatureInvalid, Entry(title: "Notification signature is invalid", status: 401)),
        (.notificationStale, Entry(title: "Notification timestamp is outside the replay window", status: 401)),
        (.rateLimited, Entry(title: "Too many requests", status: 429)),
        (.serviceUnavailable, Entry(title: "Service unavailable", status: 503)),
        (.upstreamNetworkError, Entry(title: "Card network error", status: 502)),
        (.declined, Entry(title: "Declined by the card network", status: 422)),
        (.internal, Entry(title: "Internal error", status: 500)),
        (.methodNotAllowed, Entry(title: "Method not allowed", status: 405)),
        (.unsupportedMediaType, Entry(title: "Unsupported media type", status: 415)),
        (.unsupportedScheme, Entry(title: "Scheme or product not supported for this issuer", status: 422)),
        (.activationCodeInvalid, Entry(title: "Activation code is invalid", status: 422)),
        (.activationSessionExpired, Entry(title: "Activation session has expired", status: 410)),
        (.activationLocked, Entry(title: "Activation is locked after too many attempts", status: 403)),
        (.cryptogramInvalid, Entry(title: "Payment cryptogram is invalid", status: 422)),
        (.paymentKeysExhausted, Entry(title: "No payment keys left", status: 409)),
        (.badRequest, Entry(title: "Bad request", status: 400)),
        (.forbidden, Entry(title: "Forbidden", status: 403)),
        (.handlerTimeout, Entry(title: "Request timed out", status: 503)),
        (.shuttingDown, Entry(title: "Service is shutting down", status: 503)),
        (.headersTooLarge, Entry(title: "Request header fields too large", status: 431)),
        (.uriTooLong, Entry(title: "Request target too long", status: 414)),
        (.httpVersionNotSupported, Entry(title: "HTTP version not supported", status: 505)),
        (.unsupportedTransferCoding, Entry(title: "Transfer coding not implemented", status: 501)),
    ]

    private static let entries: [ProblemType: Entry] = Dictionary(catalogue, uniquingKeysWith: { first, _ in first })

    /// Every type of the catalogue, in a stable order.
    package static let all: [ProblemType] = catalogue.map(\.0)
}
