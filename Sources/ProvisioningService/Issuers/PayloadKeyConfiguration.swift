/// The issuer's payload key pair: the private key that decrypts the bank's CMS
/// payloads, and the certificate the bank encrypts them for.
///
/// In JSON: `{"privateKeyPEMFile" | "privateKeyPEM", "certificatePEMFile" |
/// "certificatePEM"}`, exactly one of each pair.
package struct PayloadKeyConfiguration: Hashable, Sendable {
    /// The private key (PKCS #8 or traditional PEM).
    package var privateKey: PEMSource
    /// The certificate holding the matching public key.
    package var certificate: PEMSource

    package init(privateKey: PEMSource, certificate: PEMSource) {
        self.privateKey = privateKey
        self.certificate = certificate
    }
}

extension PayloadKeyConfiguration: Codable {
    private enum CodingKeys: String, CodingKey {
        case privateKeyPEMFile, privateKeyPEM, certificatePEMFile, certificatePEM
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        privateKey = try PEMSource.decode(container, file: .privateKeyPEMFile, inline: .privateKeyPEM, decoder: decoder)
        certificate = try PEMSource.decode(
            container, file: .certificatePEMFile, inline: .certificatePEM, decoder: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try privateKey.encode(to: &container, file: .privateKeyPEMFile, inline: .privateKeyPEM)
        try certificate.encode(to: &container, file: .certificatePEMFile, inline: .certificatePEM)
    }
}
