import Foundation
import ProvisioningCrypto
import ProvisioningStorage

/// The sandbox's certificate authority, shaped like Apple's chain for in-app
/// provisioning: a self-signed P-256 root → an intermediate named
/// ``intermediateCommonName`` (CA, path length 0, Apple's WWDR marker
/// 1.2.840.113635.100.6.2.15) → a P-256 leaf with critical keyEncipherment +
/// keyAgreement and the critical NULL marker 1.2.840.113635.100.6.39.
///
/// The service pins ``root`` and verifies chains with
/// `ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName:)`; a device
/// hands ``chain`` (leaf first, no root) to the issuer app; the sandbox's Apple
/// side decrypts pass data with ``leafPrivateKey``.
///
/// Created once per database and kept in `sandbox_certificate_authority` with
/// its private keys sealed under the sandbox master key.
struct SandboxCertificateAuthority: Sendable {
    /// The intermediate's common name, which the service's sandbox policy expects.
    static let intermediateCommonName = "PushProvisioning Sandbox WWDR CA - G2"
    static let rootCommonName = "PushProvisioning Sandbox Root CA - G3"
    static let leafCommonName = "ecc-crypto-services-encipherment_UC4-SANDBOX"
    static let organization = "PushProvisioning Sandbox"
    /// The DER encoding of ASN.1 NULL, the value of both marker extensions.
    static let asn1Null: [UInt8] = [0x05, 0x00]
    /// The only row of the table.
    static let rowName = "default"

    let root: Certificate
    let intermediate: Certificate
    let leaf: Certificate
    let leafPrivateKey: P256.PrivateKey

    /// Leaf first, then the intermediate: what Wallet hands the issuer app.
    var chain: [Certificate] { [leaf, intermediate] }

    /// Generates a new authority valid from a day before `now`.
    static func generate(
        now: Date
    ) throws -> (SandboxCertificateAuthority, rootKey: P256.PrivateKey, intermediateKey: P256.PrivateKey) {
        let start = now.addingTimeInterval(-86_400)
        let year: TimeInterval = 365 * 86_400
        let rootKey = try P256.PrivateKey()
        let intermediateKey = try P256.PrivateKey()
        let leafKey = try P256.PrivateKey()
        let root = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: rootCommonName, organization: organization, country: "US"),
            publicKey: .p256(rootKey.publicKey), notValidBefore: start,
            notValidAfter: start.addingTimeInterval(25 * year)
        ).selfSigned(with: .p256(rootKey))
        let intermediate = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(
                commonName: intermediateCommonName, organizationalUnit: "G2", organization: organization,
                country: "US"),
            publicKey: .p256(intermediateKey.publicKey), notValidBefore: start,
            notValidAfter: start.addingTimeInterval(20 * year), pathLengthConstraint: 0,
            extensions: [
                .init(oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID, isCritical: false, value: asn1Null)
            ]
        ).signed(by: root, key: .p256(rootKey))
        let leaf = try CertificateBuilder.endEntity(
            subject: DistinguishedName(
                commonName: leafCommonName, organizationalUnit: "Apple Pay Sandbox", organization: organization,
                country: "US"),
            publicKey: .p256(leafKey.publicKey), keyUsage: ApplePayIssuerEncryptionPolicy.requiredLeafKeyUsage,
            notValidBefore: start, notValidAfter: start.addingTimeInterval(10 * year),
            extensions: [.init(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID, isCritical: true, value: asn1Null)]
        ).signed(by: intermediate, key: .p256(intermediateKey))
        let authority = SandboxCertificateAuthority(
            root: root, intermediate: intermediate, leaf: leaf, leafPrivateKey: leafKey)
        return (authority, rootKey, intermediateKey)
    }

    /// The stored authority, or a new one stored first.
    ///
    /// Race-safe across processes: every process that finds no row generates a
    /// candidate and inserts it with `ON CONFLICT DO NOTHING`; then all of them
    /// read the row back, so the first insert wins everywhere.
    ///
    /// - Throws: ``SandboxError`` with ``SandboxError/Code/masterKeyMismatch``
    ///   when the stored keys were sealed under another master key.
    static func loadOrCreate(
        database: any SQLDatabase, masterKey: SandboxMasterKey, now: Date
    ) async throws -> SandboxCertificateAuthority {
        let sealing = try SealingKey(master: masterKey, purpose: "certificate-authority")
        if let existing = try await load(database: database, masterKey: masterKey, sealing: sealing) {
            return existing
        }
        let (candidate, rootKey, intermediateKey) = try generate(now: now)
        try await database.execute(
            """
            INSERT INTO sandbox_certificate_authority (name, root_der, intermediate_der, leaf_der, root_key_sealed,
                intermediate_key_sealed, leaf_key_sealed, master_key_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING
            """,
            [
                .text(rowName), .blob(candidate.root.derRepresentation),
                .blob(candidate.intermediate.derRepresentation), .blob(candidate.leaf.derRepresentation),
                .blob(try sealing.seal(rootKey.derRepresentation, context: "root")),
                .blob(try sealing.seal(intermediateKey.derRepresentation, context: "intermediate")),
                .blob(try sealing.seal(candidate.leafPrivateKey.derRepresentation, context: "leaf")),
                .text(try masterKey.identifier()), .timestamp(now),
            ])
        guard let stored = try await load(database: database, masterKey: masterKey, sealing: sealing) else {
            throw SandboxError(.corruptState, "the certificate authority row disappeared after insertion")
        }
        return stored
    }

    /// The stored authority, never creating one; `nil` when the database has none.
    static func loadExisting(
        database: any SQLDatabase, masterKey: SandboxMasterKey
    ) async throws -> SandboxCertificateAuthority? {
        try await load(
            database: database, masterKey: masterKey,
            sealing: try SealingKey(master: masterKey, purpose: "certificate-authority"))
    }

    private static func load(
        database: any SQLDatabase, masterKey: SandboxMasterKey, sealing: SealingKey
    ) async throws -> SandboxCertificateAuthority? {
        guard
            let row = try await database.queryFirst(
                "SELECT * FROM sandbox_certificate_authority WHERE name = ?", [.text(rowName)])
        else { return nil }
        guard try row.decode(String.self, column: "master_key_id") == masterKey.identifier() else {
            throw SandboxError(
                .masterKeyMismatch, "the stored certificate authority was sealed under another sandbox master key")
        }
        do {
            let leafKeyDER = try sealing.open(try row.decode([UInt8].self, column: "leaf_key_sealed"), context: "leaf")
            return SandboxCertificateAuthority(
                root: try Certificate(derRepresentation: try row.decode([UInt8].self, column: "root_der")),
                intermediate: try Certificate(
                    derRepresentation: try row.decode([UInt8].self, column: "intermediate_der")),
                leaf: try Certificate(derRepresentation: try row.decode([UInt8].self, column: "leaf_der")),
                leafPrivateKey: try P256.PrivateKey(derRepresentation: leafKeyDER))
        } catch let error as SandboxError {
            throw error
        } catch {
            throw SandboxError(.corruptState, "the stored certificate authority cannot be opened")
        }
    }
}
