import Foundation
import ProvisioningAPI
import ProvisioningHTTP

/// The issuer's back office client: token search and operator state changes,
/// authorized by the issuer's back-office API key (`Authorization: Bearer`).
///
/// Used by `tpc tokens list|suspend|resume|delete` and by the demo's last step.
///
/// ```swift
/// let backOffice = BackOfficeClient(baseURL: serviceURL, issuerId: "sandbox-bank", apiKey: key)
/// let suspended = try await backOffice.tokens(TokenSearchQuery(state: .suspended))
/// _ = try await backOffice.change(tokenId: suspended[0].tokenId, action: .resume, reason: "ticket 42")
/// ```
package struct BackOfficeClient: Sendable {
    /// The service URL with its base path (`http://127.0.0.1:8080/mg/tpc`).
    package let baseURL: URL
    /// The issuer whose tokens are read.
    package let issuerId: String
    private let apiKey: String
    private let http: ServiceHTTPClient

    /// The largest number of tokens ``tokens(_:maximum:)`` gathers across pages.
    package static let defaultMaximum = 1_000

    /// - Parameter trust: what an `https` service's certificate must lead to:
    ///   the system's roots by default, `.anchors(pem:)` for a service behind a
    ///   private CA or a self-signed `tpc serve --tls-cert`.
    package init(baseURL: URL, issuerId: String, apiKey: String, trust: HTTPClient.Trust = .systemRoots) {
        self.baseURL = baseURL
        self.issuerId = issuerId
        self.apiKey = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.http = ServiceHTTPClient(baseURL: baseURL, trust: trust)
    }

    /// Every token matching `query`, newest first, following the service's
    /// pages until `maximum` tokens are gathered or the last page is read.
    ///
    /// - Throws: ``IssuerToolError`` — `service-unreachable`, `service-refused`
    ///   (a wrong API key answers 401; an unknown issuer 404), `invalid-response`.
    package func tokens(
        _ query: TokenSearchQuery = TokenSearchQuery(), maximum: Int = defaultMaximum
    ) async throws
        -> [TokenInfo]
    {
        var query = query
        var tokens: [TokenInfo] = []
        while tokens.count < maximum {
            query.limit = min(TokenSearchQuery.maximumLimit, maximum - tokens.count)
            let page: TokenSearchResponse = try await http.send(
                try APIPaths.backOfficeTokens(issuerId: issuerId, query: query), bearer: apiKey)
            tokens += page.tokens
            guard let cursor = page.nextCursor, !page.tokens.isEmpty else { break }
            query.cursor = cursor
        }
        return tokens
    }

    /// Changes one token's state as an operator.
    ///
    /// - Parameter reason: written to the audit log; must not contain card data.
    /// - Throws: ``IssuerToolError`` as ``tokens(_:maximum:)``; an illegal move (say,
    ///   resuming an active token) is `service-refused` with status 409.
    package func change(
        tokenId: String, action: TokenLifecycleAction, reason: String? = nil
    ) async throws
        -> TokenStateChangeResponse
    {
        try await http.send(
            try APIPaths.backOfficeTokenState(issuerId: issuerId, tokenId: tokenId),
            body: BackOfficeTokenStateChangeRequest(action: action, reason: reason), bearer: apiKey)
    }
}
