import Foundation

// The configuration's errors are the service's (``ServiceError``, with the
// configuration codes, the issuer and the setting's path).
extension ServiceError {
    /// Turns a decoder error into a configuration error naming the field, and
    /// drops the decoder's own text, which can quote the input.
    static func configuration(_ error: any Error, issuerId: String? = nil) -> ServiceError {
        if let error = error as? ServiceError { return error.naming(issuerId: issuerId) }
        guard let error = error as? DecodingError else {
            return ServiceError(.invalidJSON, issuerId: issuerId, field: "(root)", "not valid JSON")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ServiceError(
                .missingSetting, issuerId: issuerId, field: settingPath(context.codingPath + [key]), "required")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return ServiceError(
                .invalidSetting, issuerId: issuerId, field: settingPath(context.codingPath), "wrong type")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return ServiceError(.invalidJSON, issuerId: issuerId, field: "(root)", "not valid JSON")
            }
            return ServiceError(
                .invalidSetting, issuerId: issuerId, field: settingPath(context.codingPath), "invalid value")
        @unknown default:
            return ServiceError(.invalidJSON, issuerId: issuerId, field: "(root)", "not valid JSON")
        }
    }

    /// A coding path as `issuers[0].payloadKey`.
    static func settingPath(_ keys: [any CodingKey]) -> String {
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
