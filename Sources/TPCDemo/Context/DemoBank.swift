import Foundation
import IssuerTools
import ProvisioningAPI

/// The bank's backend in the demo: it reads the sandbox issuer's files, mints
/// authorization codes, encrypts card payloads and holds the back-office key —
/// exactly what a bank's own servers do (see docs/issuer-backend.md).
package struct DemoBank: Sendable {
    /// The issuer id the service knows the bank by.
    package let issuerId: String
    /// The token requestor id of Apple Pay in the sandbox.
    package let tokenRequestorId: String
    /// Code minting with the issuer's key.
    package let codes: AuthorizationCodeMinter
    /// Payload encryption for the service's certificate.
    package let payloads: PayloadEncryptor
    /// The back office, with the issuer's API key.
    package let backOffice: BackOfficeClient

    /// The fields of `sandbox.json` the bank needs.
    struct Summary: Decodable {
        var issuerId: String
        var audience: String
        var kid: String
        var codeKeyFile: String
        var payloadCertificateFile: String
        var backOfficeAPIKeyFile: String
        var tokenRequestorId: String?
    }

    /// Reads the issuer's files from the sandbox directory of `service`.
    ///
    /// - Throws: ``DemoError`` `unreadable-file` naming the missing file.
    package init(service: ServiceEndpoint) throws {
        let directory = service.sandboxDirectory
        func read(_ name: String) throws -> String {
            do {
                return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            } catch {
                throw DemoError(.unreadableFile, "cannot read \(name) in \(directory.path)")
            }
        }
        let summary: Summary
        do {
            summary = try JSONDecoder().decode(Summary.self, from: Data(try read("sandbox.json").utf8))
        } catch let error as DemoError {
            throw error
        } catch {
            throw DemoError(.unreadableFile, "sandbox.json in \(directory.path) is not the sandbox summary")
        }
        issuerId = summary.issuerId
        tokenRequestorId = summary.tokenRequestorId ?? "40010030273"
        codes = try AuthorizationCodeMinter(
            issuer: summary.issuerId, audience: summary.audience, keyID: summary.kid,
            keyPEM: try read(summary.codeKeyFile))
        payloads = try PayloadEncryptor(certificatePEM: try read(summary.payloadCertificateFile))
        backOffice = BackOfficeClient(
            baseURL: service.baseURL, issuerId: summary.issuerId, apiKey: try read(summary.backOfficeAPIKeyFile))
    }

    /// A code for `scope` bound to `card` (and `tokenId` for lifecycle
    /// scopes, `subject` — the user — for the issuer wallet's scopes).
    package func code(
        _ scope: String, card: DemoCard? = nil, tokenId: String? = nil, subject: String? = nil
    ) throws -> String {
        try codes.mint(
            AuthorizationCodeMinter.Grant(
                scope: [scope], cardRef: card?.reference, panLastFour: card?.last4, tokenId: tokenId,
                subject: subject))
    }

    /// The card's `encryptedPayload`.
    package func encryptedPayload(for card: DemoCard) throws -> String {
        try payloads.encrypt(
            pan: card.pan, expiration: card.expiry, cardholderName: card.cardholderName,
            cardReference: card.reference)
    }

    /// The sandbox's documented test card with `outcome` and `scheme` (and
    /// `auxiliaryScheme` for the dual-brand card), under a card reference of
    /// the bank's choosing.
    ///
    /// - Throws: ``DemoError`` when the sandbox lists no such card.
    package func testCard(
        _ outcome: SandboxCardOutcome, scheme: CardSchemeName = .visa, auxiliaryScheme: CardSchemeName? = nil,
        reference: String, service: ServiceEndpoint, cardholderName: String = "Ada Lovelace"
    ) async throws -> DemoCard {
        let list: SandboxTestCardsResponse = try await ServiceHTTPClient(baseURL: service.baseURL).send(
            try APIPaths.sandboxTestCards())
        guard
            let card = list.cards.first(where: {
                $0.scheme == scheme && $0.outcome == outcome && $0.auxiliaryScheme == auxiliaryScheme
            })
        else {
            let brand = scheme.rawValue + (auxiliaryScheme.map { "+" + $0.rawValue } ?? "")
            throw DemoError(.missingPrerequisite, "the sandbox lists no \(brand) \(outcome) card")
        }
        return DemoCard(
            pan: card.pan, expiry: card.expiry, scheme: scheme, outcome: outcome, cardholderName: cardholderName,
            reference: reference)
    }
}
