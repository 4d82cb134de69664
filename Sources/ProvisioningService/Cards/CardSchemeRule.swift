/// What a card number must look like for one scheme: its BIN (issuer
/// identification number) ranges, its allowed lengths, and whether the request
/// must name a product id.
///
/// ``CardSchemeRule/rule(for:)`` is the table the validator uses:
///
/// | Scheme | BIN prefixes | Lengths | productId |
/// |---|---|---|---|
/// | Visa | 4 | 13, 16, 19 | – |
/// | Mastercard | 51–55, 2221–2720 | 16 | – |
/// | Amex | 34, 37 | 15 | – |
/// | Discover | 6011, 644–649, 65, 622126–622925 | 16–19 | – |
/// | PagoBancomat, PURE, other | any | 13–19 | required |
///
/// Domestic schemes issue from BINs that overlap the international ones, so the
/// BIN alone cannot tell them apart; the product id names the programme instead.
package struct CardSchemeRule: Hashable, Sendable {
    /// A range of BIN prefixes of one length, such as 2221…2720 (four digits).
    package struct PrefixRange: Hashable, Sendable {
        /// Lowest prefix, inclusive.
        package let lowerBound: Int
        /// Highest prefix, inclusive.
        package let upperBound: Int
        /// How many leading digits of the PAN are compared.
        package let digits: Int

        /// A range of `digits`-long prefixes from `lowerBound` to `upperBound` inclusive.
        package init(_ lowerBound: Int, _ upperBound: Int, digits: Int) {
            self.lowerBound = lowerBound
            self.upperBound = upperBound
            self.digits = digits
        }

        /// A single prefix, such as 4 or 6011.
        package init(_ prefix: Int, digits: Int) {
            self.init(prefix, prefix, digits: digits)
        }

        /// Whether `pan` (ASCII digits) starts with a prefix of this range.
        package func contains(pan: some StringProtocol) -> Bool {
            guard pan.utf8.count >= digits, let prefix = Int(pan.prefix(digits)) else { return false }
            return (lowerBound...upperBound).contains(prefix)
        }
    }

    /// The scheme this rule describes.
    package let scheme: CardScheme
    /// Accepted prefixes; empty means any BIN.
    package let prefixes: [PrefixRange]
    /// Accepted PAN lengths.
    package let lengths: Set<Int>
    /// Whether a request for this scheme must carry a product id.
    package let requiresProductId: Bool

    /// Whether the PAN's leading digits fall in one of the rule's prefixes
    /// (always `true` for a rule without prefixes).
    package func acceptsBIN(of pan: some StringProtocol) -> Bool {
        prefixes.isEmpty || prefixes.contains { $0.contains(pan: pan) }
    }

    /// The rule of a scheme whose BINs cannot be told from others': any BIN,
    /// 13–19 digits, product id required.
    package static func anyBIN(for scheme: CardScheme) -> CardSchemeRule {
        CardSchemeRule(scheme: scheme, prefixes: [], lengths: Set(13...19), requiresProductId: true)
    }

    /// The rule for `scheme` (see the table in the type's documentation).
    package static func rule(for scheme: CardScheme) -> CardSchemeRule {
        switch scheme {
        case .visa:
            CardSchemeRule(
                scheme: scheme, prefixes: [PrefixRange(4, digits: 1)], lengths: [13, 16, 19],
                requiresProductId: false)
        case .mastercard:
            CardSchemeRule(
                scheme: scheme, prefixes: [PrefixRange(51, 55, digits: 2), PrefixRange(2221, 2720, digits: 4)],
                lengths: [16], requiresProductId: false)
        case .amex:
            CardSchemeRule(
                scheme: scheme, prefixes: [PrefixRange(34, digits: 2), PrefixRange(37, digits: 2)], lengths: [15],
                requiresProductId: false)
        case .discover:
            CardSchemeRule(
                scheme: scheme,
                prefixes: [
                    PrefixRange(6011, digits: 4), PrefixRange(644, 649, digits: 3), PrefixRange(65, digits: 2),
                    PrefixRange(622126, 622925, digits: 6),
                ],
                lengths: Set(16...19), requiresProductId: false)
        case .pagoBancomat, .pure, .other:
            anyBIN(for: scheme)
        }
    }
}
