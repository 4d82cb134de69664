import Foundation
import ProvisioningStorage

/// What every operation of the service shares: the issuers, the database, the
/// verifiers, the network connector, metrics, log and clock.
struct ServiceContext: Sendable {
    let settings: ServiceSettings
    let issuers: [String: Issuer]
    let database: any SQLDatabase
    let codeVerifier: AuthorizationCodeVerifier
    let chainValidator: ApplePayChainValidator
    let connector: any TokenServiceConnector
    let metrics: ServiceMetrics
    let log: ServiceLog
    let clock: @Sendable () -> Date

    /// The issuer `id`.
    ///
    /// - Throws: ``ServiceError`` `unknown-issuer` (404).
    func issuer(_ id: String) throws(ServiceError) -> Issuer {
        guard let issuer = issuers[id] else { throw ServiceError(.unknownIssuer, "no such issuer") }
        return issuer
    }
}
