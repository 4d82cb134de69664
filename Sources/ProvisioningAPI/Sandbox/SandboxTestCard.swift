/// A documented sandbox test card. These PANs exist only in the sandbox
/// network; they are published on purpose and are not card data.
package struct SandboxTestCard: Codable, Hashable, Sendable {
    /// The test PAN.
    package var pan: String
    /// Its expiry, `MM/YY`.
    package var expiry: String
    /// Its network.
    package var scheme: CardSchemeName
    /// Its second network, for dual-brand test cards.
    package var auxiliaryScheme: CardSchemeName?
    /// What provisioning it yields.
    package var outcome: SandboxCardOutcome
    /// What the card is for.
    package var description: String

    package init(
        pan: String, expiry: String, scheme: CardSchemeName, auxiliaryScheme: CardSchemeName? = nil,
        outcome: SandboxCardOutcome, description: String
    ) {
        self.pan = pan
        self.expiry = expiry
        self.scheme = scheme
        self.auxiliaryScheme = auxiliaryScheme
        self.outcome = outcome
        self.description = description
    }
}
