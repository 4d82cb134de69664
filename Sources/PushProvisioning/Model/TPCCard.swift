/// A funding card of the bank, as the token and activation calls identify
/// it: ``TPCSDK/getTokens(card:completion:)``,
/// ``TPCSDK/getPendingActivationPass(card:completion:)`` and
/// ``TPCSDK/activatePass(pass:card:authorizationCode:nonce:completion:)``.
///
/// ``cardReference`` is the bank's reference of the card (the `cardReference`
/// of the encrypted payload). ``authorizationCode`` is a code from the bank's
/// backend with scope `tokens:read` bound to that reference; the service
/// accepts each code once, so fetch a fresh card value for every
/// ``TPCSDK/getTokens(card:completion:)`` call.
///
/// ```swift
/// let card = TPCCard(cardReference: "card-0001", primaryAccountNumberSuffix: "1234",
///                    authorizationCode: tokensReadCode)
/// TPCSDK.getTokens(card: card) { tokens, error in … }
/// ```
public struct TPCCard: Hashable, Sendable, CustomStringConvertible {
    /// The bank's reference of the card.
    public var cardReference: String
    /// The funding PAN's last four digits, used to find the card's passes.
    public var primaryAccountNumberSuffix: String
    /// Apple's identifier of the funding account, when known; preferred to
    /// the suffix for finding passes (two cards may share a suffix).
    public var primaryAccountIdentifier: String?
    /// The card's network.
    public var scheme: CardScheme?
    /// A `tokens:read` code bound to ``cardReference``; needed by
    /// ``TPCSDK/getTokens(card:completion:)`` only.
    public var authorizationCode: String?

    /// Makes a card value.
    public init(
        cardReference: String, primaryAccountNumberSuffix: String, primaryAccountIdentifier: String? = nil,
        scheme: CardScheme? = nil, authorizationCode: String? = nil
    ) {
        self.cardReference = cardReference
        self.primaryAccountNumberSuffix = primaryAccountNumberSuffix
        self.primaryAccountIdentifier = primaryAccountIdentifier
        self.scheme = scheme
        self.authorizationCode = authorizationCode
    }

    public var description: String {
        "TPCCard(cardReference: \(cardReference), suffix: \(primaryAccountNumberSuffix), code: "
            + (authorizationCode == nil ? "none" : "redacted") + ")"
    }
}
