/// The answer of `GET /v1/sandbox/test-cards`.
package struct SandboxTestCardsResponse: Codable, Hashable, Sendable {
    /// Every test card of the sandbox network.
    package var cards: [SandboxTestCard]

    package init(cards: [SandboxTestCard]) {
        self.cards = cards
    }
}
