/// A closed set of values spelled as upper-case strings on the wire.
///
/// Types of the contract whose values the service validates (actions, states,
/// device types…) conform to this protocol. They encode as their raw value
/// (for example `"ACTIVATE"`) and decode regardless of case, so `"activate"`
/// and `"Activate"` are accepted too; any other string is a decoding error that
/// names the field.
public protocol WireEnumeration: RawRepresentable, CaseIterable, Codable, Hashable, Sendable
where RawValue == String {}

extension WireEnumeration {
    /// Finds the case whose raw value equals `string`, ignoring case.
    ///
    /// - Returns: The matching case, or `nil` when `string` is not one of the
    ///   values of this type.
    public init?(caseInsensitive string: String) {
        let wanted = string.uppercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.uppercased() == wanted }) else {
            return nil
        }
        self = match
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(caseInsensitive: text) else {
            let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected one of: \(allowed).")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
