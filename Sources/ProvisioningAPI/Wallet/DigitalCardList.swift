/// The answer of `GET /v1/issuers/{issuerId}/wallets/{walletId}/cards`.
public struct DigitalCardList: Codable, Hashable, Sendable {
    /// The wallet's cards, deleted ones excluded, in enrolment order.
    public var cards: [DigitalCardResource]

    public init(cards: [DigitalCardResource]) {
        self.cards = cards
    }
}
