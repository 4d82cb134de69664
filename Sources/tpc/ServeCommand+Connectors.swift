import Foundation
import MastercardMDES
import ProvisioningService

extension ServeCommand {
    /// The connectors of a configuration: each issuer with `mdes` settings
    /// sends its Mastercard tokens to MDES (its `baseURL`, or the sandbox's
    /// own endpoint under `--sandbox`), every other token goes to `fallback`.
    ///
    /// - Throws: ``ProvisioningService/ServiceError`` `invalid-setting` for an
    ///   `mdes` without `baseURL` outside the sandbox; ``MastercardMDES/MDESError``
    ///   `key-unusable` for a key that cannot sign.
    static func connectors(
        _ configuration: IssuerConfiguration, fallback: any TokenServiceConnector, sandboxMDES: MDESEndpoint?
    ) throws -> NetworkConnectors {
        var routes: [NetworkConnectors.Route: any TokenServiceConnector] = [:]
        for (index, issuer) in configuration.issuers.enumerated() {
            guard let mdes = issuer.mdes else { continue }
            let endpoint: MDESEndpoint
            if let baseURL = mdes.baseURL {
                endpoint = MDESEndpoint(baseURL: baseURL)
            } else if let sandboxMDES {
                endpoint = sandboxMDES
            } else {
                throw ServiceError(
                    .invalidSetting, issuerId: issuer.id, field: "issuers[\(index)].mdes.baseURL",
                    "required outside --sandbox (Mastercard's is \(MDESSettings.productionBaseURL?.absoluteString ?? ""))"
                )
            }
            routes[NetworkConnectors.Route(issuerId: issuer.id, scheme: .mastercard)] = try MDESConnector(
                issuer: issuer, mdes: mdes, endpoint: endpoint)
        }
        return NetworkConnectors(fallback: fallback, routes: routes)
    }
}
