import ProvisioningCrypto

extension FuzzTarget {
    /// The bank's encrypted payload: `CMSEnvelopedData.decrypt` with the fixed
    /// fuzz recipient key and certificate.
    public static let cms = FuzzTarget(name: "cms") { input in
        guard let recipient = FuzzFixtures.recipient else { return .refused }
        do {
            _ = try CMSEnvelopedData.decrypt(input, key: recipient.key, certificate: recipient.certificate)
            return .accepted
        } catch {
            return .refused
        }
    }
}
