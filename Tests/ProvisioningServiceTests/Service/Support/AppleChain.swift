import Foundation
import ProvisioningCrypto
import ProvisioningService

/// An Apple-shaped chain (root → intermediate with marker → leaf with marker)
/// made for a test, like the sandbox's.
struct AppleChain {
    static let intermediateCommonName = "Test Sandbox WWDR CA"
    static let leafMarker = Certificate.Extension(
        oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID, isCritical: true, value: [0x05, 0x00])
    static let intermediateMarker = Certificate.Extension(
        oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID, isCritical: false, value: [0x05, 0x00])

    let root: Certificate
    let intermediate: Certificate
    let leafKey: P256.PrivateKey
    let leaf: Certificate

    init(leafMarker: Bool = true) throws {
        let rootKey = AnyPrivateKey.p256(try P256.PrivateKey())
        root = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "Test Sandbox Root"), publicKey: rootKey.publicKey,
            notValidBefore: Instants.utc(2025, 1, 1, 0, 0, 0), notValidAfter: Instants.utc(2040, 1, 1, 0, 0, 0)
        ).selfSigned(with: rootKey)
        let intermediateKey = AnyPrivateKey.p256(try P256.PrivateKey())
        intermediate = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: Self.intermediateCommonName), publicKey: intermediateKey.publicKey,
            notValidBefore: Instants.utc(2025, 1, 1, 0, 0, 0), notValidAfter: Instants.utc(2035, 1, 1, 0, 0, 0),
            pathLengthConstraint: 0, extensions: [Self.intermediateMarker]
        ).signed(by: root, key: rootKey)
        leafKey = try P256.PrivateKey()
        leaf = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "ecc-crypto-services-encipherment_UC4-SANDBOX"),
            publicKey: .p256(leafKey.publicKey), keyUsage: [.keyEncipherment, .keyAgreement],
            notValidBefore: Instants.utc(2025, 1, 1, 0, 0, 0), notValidAfter: Instants.utc(2027, 1, 1, 0, 0, 0),
            extensions: leafMarker ? [Self.leafMarker] : []
        ).signed(by: intermediate, key: intermediateKey)
    }

    /// What Wallet sends: leaf, intermediate.
    var presented: [Data] { [Data(leaf.derRepresentation), Data(intermediate.derRepresentation)] }

    var trust: ChainTrust {
        ChainTrust(roots: [root], policy: .sandbox(intermediateCommonName: Self.intermediateCommonName))
    }
}
