/// The token services the service talks to, chosen per issuer and scheme: an
/// issuer's configuration routes a scheme to its network's connector (its
/// Mastercard tokens to MDES, say), and every other token goes to the
/// fallback (the sandbox's vault under `tpc serve --sandbox`).
///
/// ```swift
/// let connectors = NetworkConnectors(
///     fallback: sandbox.connector,
///     routes: [.init(issuerId: "bank-1", scheme: .mastercard): mdes])
/// ```
package struct NetworkConnectors: TokenServiceConnector {
    /// One issuer's scheme.
    package struct Route: Hashable, Sendable {
        package var issuerId: String
        package var scheme: CardScheme

        package init(issuerId: String, scheme: CardScheme) {
            self.issuerId = issuerId
            self.scheme = scheme
        }
    }

    package var fallback: any TokenServiceConnector
    package var routes: [Route: any TokenServiceConnector]

    package init(fallback: any TokenServiceConnector, routes: [Route: any TokenServiceConnector] = [:]) {
        self.fallback = fallback
        self.routes = routes
    }

    /// The connector for one issuer's scheme.
    package func connector(issuerId: String, scheme: CardScheme) -> any TokenServiceConnector {
        routes[Route(issuerId: issuerId, scheme: scheme)] ?? fallback
    }

    package func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        try await connector(issuerId: command.issuerId, scheme: command.scheme).changeTokenState(command)
    }

    package func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool {
        connector(issuerId: command.issuerId, scheme: command.scheme).changesAreIdempotent(command)
    }

    package func activationData(for request: ActivationDataRequest) throws -> IssuedActivationData {
        try connector(issuerId: request.issuer.id, scheme: request.card.scheme).activationData(for: request)
    }

    package func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? {
        try await connector(issuerId: issuerId, scheme: scheme).token(
            issuerId: issuerId, tokenId: tokenId, scheme: scheme)
    }
}
