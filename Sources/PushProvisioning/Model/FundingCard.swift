/// A funding card as SDK 2.0 and earlier identified it, for
/// ``TPCSDK/getCardDigitizationResult(card:completion:)``.
///
/// Deprecated with those calls: use ``GetTokenInput`` and
/// ``TPCSDK/getToken(input:completion:)``. The encrypted payload is kept for
/// source compatibility; the lookup itself is local and never decrypts it.
public struct FundingCard: Hashable, Sendable, CustomStringConvertible {
    /// The card's network, when it is one of ``CardScheme``.
    public let scheme: CardScheme?
    /// The scheme as given.
    public let schemeString: String
    /// CMS enveloped data of the card, base64.
    public let encryptedPayload: String

    /// A card of a known scheme.
    @available(*, deprecated, message: "Use GetTokenInput with TPCSDK.getToken(input:completion:).")
    public init(scheme: CardScheme, encryptedPayload: String) {
        self.scheme = scheme
        self.schemeString = scheme.schemeString
        self.encryptedPayload = encryptedPayload
    }

    /// A card whose scheme is given as text ("VISA", "MASTERCARD", "AMEX", "DISCOVER").
    @available(*, deprecated, message: "Use GetTokenInput with TPCSDK.getToken(input:completion:).")
    public init(schemeString: String, encryptedPayload: String) {
        self.scheme = CardScheme(schemeString: schemeString)
        self.schemeString = schemeString
        self.encryptedPayload = encryptedPayload
    }

    public var description: String { "FundingCard(scheme: \(schemeString), payload: redacted)" }
}
