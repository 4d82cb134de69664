/// The body of `PUT …/wallets/{walletId}/default-card`. The answer, like
/// `GET` on the same path, is the default ``DigitalCardResource`` (404 when
/// the wallet has none).
package struct DefaultCardRequest: Codable, Hashable, Sendable {
    /// The card to make the default.
    package var cardId: String

    package init(cardId: String) {
        self.cardId = cardId
    }
}
