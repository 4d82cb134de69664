/// A payment scheme (card network) as the service knows it.
///
/// Parsed from the wire strings "VISA", "MASTERCARD", "AMEX", "DISCOVER",
/// "PAGOBANCOMAT" and "PURE", case-insensitively. Any other well-formed name
/// becomes ``other(_:)`` holding the upper-cased name, so a domestic scheme can be
/// configured without a code change (its BIN rule is then
/// ``CardSchemeRule/anyBIN(for:)``).
///
/// ```swift
/// CardScheme(wireValue: "visa")        // .visa
/// CardScheme(wireValue: "Bancontact")  // .other("BANCONTACT")
/// CardScheme.mastercard.wireValue      // "MASTERCARD"
/// ```
package enum CardScheme: Hashable, Sendable {
    case visa
    case mastercard
    case amex
    case discover
    case pagoBancomat
    case pure
    /// A scheme without a dedicated case; holds the upper-cased wire name.
    case other(String)

    /// The schemes with a dedicated case, in a stable order.
    package static let known: [CardScheme] = [.visa, .mastercard, .amex, .discover, .pagoBancomat, .pure]

    /// Parses a wire name case-insensitively.
    ///
    /// Returns `nil` for a name that is empty, longer than 32 characters, or
    /// holds anything but ASCII letters, digits, `_` and `-`: such a value is not
    /// a scheme name and must not travel further (it could be anything a client sent).
    package init?(wireValue: String) {
        let upper = wireValue.uppercased()
        switch upper {
        case "VISA": self = .visa
        case "MASTERCARD": self = .mastercard
        case "AMEX": self = .amex
        case "DISCOVER": self = .discover
        case "PAGOBANCOMAT": self = .pagoBancomat
        case "PURE": self = .pure
        default:
            let allowed = upper.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
            guard allowed, (1...32).contains(upper.utf8.count) else { return nil }
            self = .other(upper)
        }
    }

    /// The upper-case wire name.
    package var wireValue: String {
        switch self {
        case .visa: "VISA"
        case .mastercard: "MASTERCARD"
        case .amex: "AMEX"
        case .discover: "DISCOVER"
        case .pagoBancomat: "PAGOBANCOMAT"
        case .pure: "PURE"
        case .other(let name): name
        }
    }
}

extension CardScheme: CustomStringConvertible {
    package var description: String { wireValue }
}

extension CardScheme: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let scheme = CardScheme(wireValue: raw) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a card scheme name")
        }
        self = scheme
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireValue)
    }
}
