/// What the service hands the network to tokenize a card for the issuer's
/// wallet. Holds the PAN: never log or store it.
package struct WalletTokenizationRequest: Sendable {
    package var issuerId: String
    /// The service's digital-card id, by which later calls address the card.
    package var cardId: String
    package var scheme: CardScheme
    package var productId: String?
    package var primaryAccountNumber: String

    package init(issuerId: String, cardId: String, scheme: CardScheme, productId: String?, primaryAccountNumber: String)
    {
        self.issuerId = issuerId
        self.cardId = cardId
        self.scheme = scheme
        self.productId = productId
        self.primaryAccountNumber = primaryAccountNumber
    }
}

extension WalletTokenizationRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "WalletTokenizationRequest(card: \(cardId), scheme: \(scheme.wireValue))" }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(self, children: ["issuerId": issuerId, "cardId": cardId, "scheme": scheme], displayStyle: .struct)
    }
}
