import Foundation
import ProvisioningCrypto

/// A certificate authority of exactly the sandbox's shape — root,
/// intermediate with the WWDR name and marker, leaf with the marker and key
/// usages — that the service has never pinned.
struct ForeignAuthority {
    let chain: [Certificate]

    static func make() throws -> ForeignAuthority {
        let now = Date()
        let start = now.addingTimeInterval(-86_400)
        let end = now.addingTimeInterval(365 * 86_400)
        let null: [UInt8] = [0x05, 0x00]
        let rootKey = try P256.PrivateKey()
        let intermediateKey = try P256.PrivateKey()
        let leafKey = try P256.PrivateKey()
        let root = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "PushProvisioning Sandbox Root CA - G3"),
            publicKey: .p256(rootKey.publicKey), notValidBefore: start, notValidAfter: end
        ).selfSigned(with: .p256(rootKey))
        let intermediate = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "PushProvisioning Sandbox WWDR CA - G2"),
            publicKey: .p256(intermediateKey.publicKey), notValidBefore: start, notValidAfter: end,
            pathLengthConstraint: 0,
            extensions: [
                .init(oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID, isCritical: false, value: null)
            ]
        ).signed(by: root, key: .p256(rootKey))
        let leaf = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "ecc-crypto-services-encipherment_UC4-SANDBOX"),
            publicKey: .p256(leafKey.publicKey), keyUsage: ApplePayIssuerEncryptionPolicy.requiredLeafKeyUsage,
            notValidBefore: start, notValidAfter: end,
            extensions: [.init(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID, isCritical: true, value: null)]
        ).signed(by: intermediate, key: .p256(intermediateKey))
        return ForeignAuthority(chain: [leaf, intermediate])
    }
}
