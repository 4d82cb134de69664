import Foundation
import ProvisioningCrypto
import ProvisioningService

/// The issuers the sandbox network serves, with the secrets it shares with
/// each (loaded once from the ``IssuerConfiguration``).
///
/// **Which issuer a card belongs to.** A real network maps BIN ranges to
/// issuers. In the sandbox every issuer provisions the same public test-card
/// BINs, so the BIN cannot tell them apart. The sandbox therefore narrows by
/// BIN to the issuers enabled for the card's network (its `allowedSchemes`),
/// and among those picks the one whose `activationDataSecret` verifies the
/// add request's activation data for its nonce — the activation data is keyed
/// per issuer, so exactly the issuer whose service made it matches.
struct IssuerDirectory: Sendable {
    struct Entry: Sendable {
        let settings: IssuerSettings
        let activationDataSecret: [UInt8]
        let notificationSecret: [UInt8]
    }

    let entries: [Entry]

    init(configuration: IssuerConfiguration) throws {
        entries = try configuration.issuers.map { issuer in
            do {
                return Entry(
                    settings: issuer, activationDataSecret: try issuer.activationDataSecret.load(),
                    notificationSecret: try issuer.notificationSecret.load())
            } catch {
                throw SandboxError(.directoryUnusable, "a secret of issuer \(issuer.id) cannot be loaded")
            }
        }
    }

    func entry(issuerId: String) -> Entry? {
        entries.first { $0.settings.id == issuerId }
    }

    /// The issuer that made `activationData` for `nonce`, among those allowing
    /// `scheme`, with the provisioning id the data carries.
    func resolve(activationData: [UInt8], nonce: [UInt8], scheme: CardScheme) -> (Entry, provisioningId: [UInt8])? {
        let candidates = entries.filter { $0.settings.allowedSchemes.contains(scheme) }
        for entry in candidates {
            if let provisioningId = ActivationData.verify(
                activationData, nonce: nonce, secret: entry.activationDataSecret)
            {
                return (entry, provisioningId)
            }
        }
        return nil
    }

    /// The token requestor the sandbox's Apple side acts as for `issuer`:
    /// Apple Pay's well-known id when the issuer lists it, otherwise the
    /// issuer's first configured requestor.
    static func tokenRequestorId(for issuer: IssuerSettings) -> String {
        issuer.tokenRequestorIds.contains(Sandbox.applePayTokenRequestorId)
            ? Sandbox.applePayTokenRequestorId : (issuer.tokenRequestorIds.first ?? Sandbox.applePayTokenRequestorId)
    }
}
