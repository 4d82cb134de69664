import Foundation

// The JSON conventions of the wire contract live here, once, so that the
// service and the SDK cannot drift apart:
//
// * Dates are ISO 8601 in UTC with fractional seconds ("2025-01-31T09:30:00.250Z").
//   Decoding also accepts the same form without fractional seconds, because
//   hand-written clients and the networks' notifications commonly omit them.
// * Binary values (`Data`) are standard base64 with padding (RFC 4648 §4), which
//   is Foundation's default for `Data`. Base64url or unpadded text is refused.
// * Keys are sorted and slashes are not escaped, so that equal values encode to
//   equal bytes (useful for signatures, ETags and fixtures).

extension JSONEncoder {
    /// An encoder configured with the wire conventions of ``ProvisioningAPI``.
    ///
    /// Dates are ISO 8601 with fractional seconds, `Data` is standard base64,
    /// keys are sorted and slashes are left unescaped, so the output is stable.
    ///
    /// ```swift
    /// let body = try JSONEncoder.provisioningAPI.encode(request)
    /// ```
    ///
    /// A new encoder is returned on every access, so callers may change it
    /// without affecting anyone else.
    package static var provisioningAPI: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDate.string(from: date))
        }
        encoder.dataEncodingStrategy = .base64
        return encoder
    }
}

extension JSONDecoder {
    /// A decoder configured with the wire conventions of ``ProvisioningAPI``.
    ///
    /// Dates are ISO 8601 with or without fractional seconds; `Data` must be
    /// standard, padded base64. A value that breaks these rules throws
    /// `DecodingError.dataCorrupted` with the coding path of the field, which
    /// the service turns into an `invalid-field` problem naming that field.
    ///
    /// ```swift
    /// let request = try JSONDecoder.provisioningAPI.decode(ApplePayProvisioningRequest.self, from: body)
    /// ```
    package static var provisioningAPI: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = WireDate.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date-time in UTC.")
            }
            return date
        }
        decoder.dataDecodingStrategy = .base64
        return decoder
    }
}
