/// An issuer configuration that cannot be used.
///
/// Names the issuer (when the problem is inside one) and the field as a JSON
/// path such as `issuers[0].payloadKey.privateKeyPEMFile`, never a secret,
/// key or file content.
///
/// ```swift
/// do {
///     let configuration = try IssuerConfiguration.load(contentsOf: url)
/// } catch {
///     print(error)  // "missing-field: issuer bank-1: issuers[0].notificationSecret: required"
/// }
/// ```
package struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The configuration file cannot be read.
        package static let unreadableFile = Code(rawValue: "unreadable-file")
        /// The configuration is not JSON.
        package static let invalidJSON = Code(rawValue: "invalid-json")
        /// A required field is absent.
        package static let missingField = Code(rawValue: "missing-field")
        /// A field has the wrong type or a value outside what it accepts.
        package static let invalidField = Code(rawValue: "invalid-field")
        /// Two issuers share an id, or a list holds the same entry twice.
        package static let duplicate = Code(rawValue: "duplicate")
        /// A file the configuration refers to cannot be read or is empty.
        package static let unreadableReference = Code(rawValue: "unreadable-reference")
        /// A certificate the service relies on (a pinned root, a payload
        /// certificate) is outside its validity period.
        package static let unusableCertificate = Code(rawValue: "unusable-certificate")
    }

    /// The kind of failure.
    package let code: Code
    /// The issuer whose entry is wrong, when the problem is inside one and its id
    /// could be read.
    package let issuerId: String?
    /// The JSON path of the field.
    package let field: String
    /// What is wrong, without the value.
    package let detail: String

    package init(_ code: Code, issuerId: String? = nil, field: String, detail: String) {
        self.code = code
        self.issuerId = issuerId
        self.field = field
        self.detail = detail
    }

    package var description: String {
        let issuer = issuerId.map { "issuer \($0): " } ?? ""
        return "\(code): \(issuer)\(field): \(detail)"
    }
}

extension ConfigurationError {
    /// Turns a decoder error into a configuration error naming the field, and
    /// drops the decoder's own text, which can quote the input.
    static func from(_ error: any Error, issuerId: String? = nil) -> ConfigurationError {
        if let error = error as? ConfigurationError {
            guard error.issuerId == nil, let issuerId else { return error }
            return ConfigurationError(error.code, issuerId: issuerId, field: error.field, detail: error.detail)
        }
        guard let error = error as? DecodingError else {
            return ConfigurationError(.invalidJSON, issuerId: issuerId, field: "(root)", detail: "not valid JSON")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ConfigurationError(
                .missingField, issuerId: issuerId, field: path(context.codingPath + [key]), detail: "required")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return ConfigurationError(
                .invalidField, issuerId: issuerId, field: path(context.codingPath), detail: "wrong type")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return ConfigurationError(.invalidJSON, issuerId: issuerId, field: "(root)", detail: "not valid JSON")
            }
            return ConfigurationError(
                .invalidField, issuerId: issuerId, field: path(context.codingPath), detail: "invalid value")
        @unknown default:
            return ConfigurationError(.invalidJSON, issuerId: issuerId, field: "(root)", detail: "not valid JSON")
        }
    }

    /// A coding path as `issuers[0].payloadKey`.
    static func path(_ keys: [any CodingKey]) -> String {
        var result = ""
        for key in keys {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result.isEmpty ? "(root)" : result
    }
}
