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
        privateKey = try Self.decodeSource(container, file: .privateKeyPEMFile, inline: .privateKeyPEM, decoder)
        certificate = try Self.decodeSource(container, file: .certificatePEMFile, inline: .certificatePEM, decoder)
    }

    private static func decodeSource(
        _ container: KeyedDecodingContainer<CodingKeys>, file: CodingKeys, inline: CodingKeys,
        _ decoder: any Decoder
    ) throws -> PEMSource {
        let path = try container.decodeIfPresent(String.self, forKey: file)
        let text = try container.decodeIfPresent(String.self, forKey: inline)
        switch (path, text) {
        case (let path?, nil):
            return .file(IssuerConfiguration.resolve(path: path, decoder: decoder))
        case (nil, let text?):
            return .inline(text)
        case (nil, nil):
            throw ServiceError(
                .missingSetting, field: ServiceError.settingPath(decoder.codingPath + [file]),
                "give \(file.stringValue) or \(inline.stringValue)")
        case (_?, _?):
            throw ServiceError(
                .invalidSetting, field: ServiceError.settingPath(decoder.codingPath + [file]),
                "give only one of \(file.stringValue) and \(inline.stringValue)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch privateKey {
        case .file(let url): try container.encode(url.path, forKey: .privateKeyPEMFile)
        case .inline(let text): try container.encode(text, forKey: .privateKeyPEM)
        }
        switch certificate {
        case .file(let url): try container.encode(url.path, forKey: .certificatePEMFile)
        case .inline(let text): try container.encode(text, forKey: .certificatePEM)
        }
    }
}
