/// The answer of `GET /v1/sandbox/test-cards`.
public struct SandboxTestCardsResponse: Codable, Hashable, Sendable {
    /// Every test card of the sandbox network.
    public var cards: [SandboxTestCard]

    public init(cards: [SandboxTestCard]) {
        self.cards = cards
    }
}
