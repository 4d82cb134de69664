/// What the service hands the network to tokenize a card for the issuer's
/// wallet. Holds the PAN: never log or store it.
public struct WalletTokenizationRequest: Sendable {
    public var issuerId: String
    /// The service's digital-card id, by which later calls address the card.
    public var cardId: String
    public var scheme: CardScheme
    public var productId: String?
    public var primaryAccountNumber: String

    public init(issuerId: String, cardId: String, scheme: CardScheme, productId: String?, primaryAccountNumber: String)
    {
        self.issuerId = issuerId
        self.cardId = cardId
        self.scheme = scheme
        self.productId = productId
        self.primaryAccountNumber = primaryAccountNumber
    }
}

extension WalletTokenizationRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "WalletTokenizationRequest(card: \(cardId), scheme: \(scheme.wireValue))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["issuerId": issuerId, "cardId": cardId, "scheme": scheme], displayStyle: .struct)
    }
}
