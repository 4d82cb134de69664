import Foundation

/// Where a PEM document (a private key or a certificate) comes from: a file, or
/// the PEM text written in the configuration.
///
/// A relative file path is resolved against the configuration file's
/// directory. `description` and the mirror never show inline PEM text.
package enum PEMSource: Hashable, Sendable {
    /// A PEM file.
    case file(URL)
    /// PEM text in the configuration.
    case inline(String)

    /// The PEM text.
    ///
    /// - Parameter field: The field's path, for errors.
    /// - Throws: ``ServiceError`` when the file cannot be read or the text
    ///   has no PEM `-----BEGIN` line. The content is never checked further here:
    ///   the crypto layer parses it.
    package func load(field: String = "pem") throws(ServiceError) -> String {
        let text: String
        switch self {
        case .inline(let value):
            text = value
        case .file(let url):
            guard let data = try? Data(contentsOf: url), let content = String(data: data, encoding: .utf8) else {
                throw ServiceError(
                    .unreadableReference, field: field, "PEM file \(url.path) cannot be read")
            }
            text = content
        }
        guard text.contains("-----BEGIN ") else {
            throw ServiceError(.invalidSetting, field: field, "not PEM text")
        }
        return text
    }
}

extension PEMSource: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        switch self {
        case .file(let url): "PEMSource.file(\(url.path))"
        case .inline: "PEMSource.inline(redacted)"
        }
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["source": description], displayStyle: .enum) }
}

extension PEMSource {
    /// Decodes the source a configuration object gives as a pair of members, a
    /// file path (`…PEMFile`, relative to the configuration file) or inline text
    /// (`…PEM`): exactly one of the two.
    /// - Throws: ``ServiceError`` `missing-setting` or `invalid-setting` naming the member.
    static func decode<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, file: Key, inline: Key, decoder: any Decoder
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

    /// Writes the source back as the member pair ``decode(_:file:inline:decoder:)`` reads.
    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, file: Key, inline: Key) throws {
        switch self {
        case .file(let url): try container.encode(url.path, forKey: file)
        case .inline(let text): try container.encode(text, forKey: inline)
        }
    }
}
