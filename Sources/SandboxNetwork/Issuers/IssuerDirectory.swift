import Foundation
import MastercardMDES
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
/// per issuer, so exactly the issuer whose service made it matches. A
/// Mastercard card of an issuer with MDES carries a TAV instead, which only
/// that issuer's TAV key signs.
///
/// **What an issuer registers with Mastercard** (its TAV public key, its
/// OAuth consumer key and signing certificate) the sandbox reads from the
/// issuer's `mdes` settings at start: the public halves of the keys there.
struct IssuerDirectory: Sendable {
    struct Entry: Sendable {
        let settings: IssuerSettings
        let activationDataSecret: [UInt8]
        let notificationSecret: [UInt8]
        /// What the issuer registered with Mastercard, when it uses MDES.
        let mdes: MDESRegistration?
    }

    /// An issuer's registration with the sandbox's MDES.
    struct MDESRegistration: Sendable {
        let consumerKey: String
        /// Verifies the issuer's Customer Service API calls.
        let signingPublicKey: RSA.PublicKey
        /// Verifies the issuer's TAVs.
        let tavPublicKey: RSA.PublicKey
    }

    let entries: [Entry]

    init(configuration: IssuerConfiguration) throws {
        entries = try configuration.issuers.map { issuer in
            do {
                let mdes = try issuer.mdes.map { settings in
                    MDESRegistration(
                        consumerKey: settings.consumerKey,
                        signingPublicKey: try settings.signingKey.privateKey(field: "mdes.signingKey").publicKey,
                        tavPublicKey: try RSA.PrivateKey(pemRepresentation: try settings.tavKey.load()).publicKey)
                }
                return Entry(
                    settings: issuer, activationDataSecret: try issuer.activationDataSecret.load(),
                    notificationSecret: try issuer.notificationSecret.load(), mdes: mdes)
            } catch {
                throw SandboxError(.directoryUnusable, "a secret or key of issuer \(issuer.id) cannot be loaded")
            }
        }
    }

    /// The issuer whose MDES consumer key this is.
    func entry(mdesConsumerKey: String) -> Entry? {
        entries.first { $0.mdes?.consumerKey == mdesConsumerKey }
    }

    func entry(issuerId: String) -> Entry? {
        entries.first { $0.settings.id == issuerId }
    }

    /// What an add request's activation data is checked against: the card in
    /// the decrypted pass data, the request's nonce, and the time.
    struct ActivationCheck: Sendable {
        let activationData: [UInt8]
        let nonce: [UInt8]
        let scheme: CardScheme
        let primaryAccountNumber: String
        let expiration: CardExpiration?
        let now: Date
    }

    /// The issuer that made the activation data, among those allowing the
    /// card's scheme, with the provisioning id it stands for.
    ///
    /// A Mastercard card of an issuer registered with MDES must carry a TAV
    /// that verifies with the issuer's registered key for this very card and
    /// is still valid (its attempt id is derived from the TAV and the nonce,
    /// as the service derives it); any other card, the sandbox's own format.
    func resolve(_ check: ActivationCheck) -> (Entry, provisioningId: [UInt8])? {
        let candidates = entries.filter { $0.settings.allowedSchemes.contains(check.scheme) }
        for entry in candidates {
            if check.scheme == .mastercard, let mdes = entry.mdes {
                guard let expiration = check.expiration,
                    (try? TokenizationAuthenticationValue.verify(
                        check.activationData, publicKey: mdes.tavPublicKey, accountNumber: check.primaryAccountNumber,
                        expiration: expiration, now: check.now)) != nil,
                    let provisioningId = try? TokenizationAuthenticationValue.provisioningId(
                        tav: check.activationData, nonce: check.nonce)
                else { continue }
                return (entry, provisioningId)
            }
            if let provisioningId = ActivationData.verify(
                check.activationData, nonce: check.nonce, secret: entry.activationDataSecret)
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
