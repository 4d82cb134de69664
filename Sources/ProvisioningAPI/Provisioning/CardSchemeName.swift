import ProvisioningPrimitives

/// The payment network (scheme) of a card, as spelled on the wire.
///
/// The known schemes have upper-case spellings (`"VISA"`, `"MASTERCARD"`,
/// `"AMEX"`, `"DISCOVER"`, `"PAGOBANCOMAT"`, `"PURE"`). Other strings are kept
/// exactly as received, so a domestic scheme the service supports through a
/// `productId` passes through a client that does not know it. A known scheme
/// written in another case (`"visa"`) decodes to its canonical spelling.
///
/// ```swift
/// let scheme = CardSchemeName("mastercard")   // .mastercard
/// let other = CardSchemeName("RUPAY")         // kept as "RUPAY", isKnown == false
/// ```
public struct CardSchemeName: ExtensibleEnumeration, Codable, ExpressibleByStringLiteral {
    /// The wire spelling.
    public let rawValue: String

    /// Wraps a wire spelling exactly as given.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a spelling, normalizing a known scheme to its canonical case.
    public init(_ string: String) {
        let upper = string.uppercased()
        if let known = Self.known.first(where: { $0.rawValue == upper }) {
            self = known
        } else {
            self.init(rawValue: string)
        }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether this is one of the schemes listed in ``known``.
    public var isKnown: Bool { Self.known.contains(self) }

    /// Visa.
    public static let visa = CardSchemeName(rawValue: "VISA")
    /// Mastercard.
    public static let mastercard = CardSchemeName(rawValue: "MASTERCARD")
    /// American Express.
    public static let amex = CardSchemeName(rawValue: "AMEX")
    /// Discover.
    public static let discover = CardSchemeName(rawValue: "DISCOVER")
    /// PagoBancomat, the Italian domestic scheme (requires a `productId`).
    public static let pagoBancomat = CardSchemeName(rawValue: "PAGOBANCOMAT")
    /// PURE, the scheme of the issuer-wallet cards.
    public static let pure = CardSchemeName(rawValue: "PURE")

    /// Every scheme this version of the contract names.
    public static let known: [CardSchemeName] = [.visa, .mastercard, .amex, .discover, .pagoBancomat, .pure]
}
