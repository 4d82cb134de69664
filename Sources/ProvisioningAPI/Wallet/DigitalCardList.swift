/// The answer of `GET /v1/issuers/{issuerId}/wallets/{walletId}/cards`.
package struct DigitalCardList: Codable, Hashable, Sendable {
    /// The wallet's cards, deleted ones excluded, in enrolment order.
    package var cards: [DigitalCardResource]

    package init(cards: [DigitalCardResource]) {
        self.cards = cards
    }
}
