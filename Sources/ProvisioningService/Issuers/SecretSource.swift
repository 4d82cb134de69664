import Foundation
import ProvisioningPrimitives

/// Where an issuer's shared secret comes from: `{"file": "path"}` or
/// `{"value": "…"}` in the configuration.
///
/// The text (the file's content trimmed of surrounding white space, or the
/// value) is read as: `base64:` followed by base64, `hex:` followed by hex, or
/// otherwise its UTF-8 bytes. A secret must give at least
/// ``minimumByteCount`` bytes. A relative file path is resolved against the
/// configuration file's directory.
///
/// `description` and the mirror never show a value.
package enum SecretSource: Hashable, Sendable {
    /// A file holding the secret.
    case file(URL)
    /// The secret written in the configuration itself (fine for the sandbox;
    /// prefer a file with restricted permissions in production).
    case value(String)

    /// The fewest bytes a secret may have (256 bits).
    package static let minimumByteCount = 32

    /// The secret's bytes.
    ///
    /// - Parameter field: The field's path, for errors.
    /// - Throws: ``ServiceError`` when the file cannot be read, the text is
    ///   not valid for its prefix, or it is shorter than ``minimumByteCount``.
    package func load(field: String = "secret") throws(ServiceError) -> [UInt8] {
        let text: String
        switch self {
        case .value(let value):
            text = value
        case .file(let url):
            guard let data = try? Data(contentsOf: url), let content = String(data: data, encoding: .utf8) else {
                throw ServiceError(
                    .unreadableReference, field: field, "secret file \(url.path) cannot be read")
            }
            text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let bytes: [UInt8]
        if text.hasPrefix("base64:") {
            guard let data = Data(base64Encoded: String(text.dropFirst("base64:".count))) else {
                throw ServiceError(.invalidSetting, field: field, "secret is not valid base64")
            }
            bytes = [UInt8](data)
        } else if text.hasPrefix("hex:") {
            guard let decoded = Hexadecimal.bytes(text.dropFirst("hex:".count)) else {
                throw ServiceError(.invalidSetting, field: field, "secret is not valid hex")
            }
            bytes = decoded
        } else {
            bytes = Array(text.utf8)
        }
        guard bytes.count >= Self.minimumByteCount else {
            throw ServiceError(
                .invalidSetting, field: field, "secret must be at least \(Self.minimumByteCount) bytes")
        }
        return bytes
    }
}

extension SecretSource: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, value
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decodeIfPresent(String.self, forKey: .file)
        let value = try container.decodeIfPresent(String.self, forKey: .value)
        switch (file, value) {
        case (let file?, nil):
            self = .file(IssuerConfiguration.resolve(path: file, decoder: decoder))
        case (nil, let value?):
            self = .value(value)
        default:
            throw ServiceError(
                .invalidSetting, field: ServiceError.settingPath(decoder.codingPath),
                "give exactly one of file and value")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .file(let url): try container.encode(url.path, forKey: .file)
        case .value(let value): try container.encode(value, forKey: .value)
        }
    }
}

extension SecretSource: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        switch self {
        case .file(let url): "SecretSource.file(\(url.path))"
        case .value: "SecretSource.value(redacted)"
        }
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["source": description], displayStyle: .enum) }
}
