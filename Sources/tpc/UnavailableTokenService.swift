import ProvisioningService

/// The connector of a service run without `--sandbox`: no card network is
/// connected yet, so lifecycle calls answer that the network is unavailable.
struct UnavailableTokenService: TokenServiceConnector {
    func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        throw ServiceError(.networkUnavailable, "no card network connector is configured")
    }

    func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? {
        throw ServiceError(.networkUnavailable, "no card network connector is configured")
    }

    /// Nothing is ever sent, so a retry sends nothing twice.
    func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool { true }
}
