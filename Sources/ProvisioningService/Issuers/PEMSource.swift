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
