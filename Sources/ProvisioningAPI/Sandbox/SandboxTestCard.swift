/// A documented sandbox test card. These PANs exist only in the sandbox
/// network; they are published on purpose and are not card data.
public struct SandboxTestCard: Codable, Hashable, Sendable {
    /// The test PAN.
    public var pan: String
    /// Its expiry, `MM/YY`.
    public var expiry: String
    /// Its network.
    public var scheme: CardSchemeName
    /// Its second network, for dual-brand test cards.
    public var auxiliaryScheme: CardSchemeName?
    /// What provisioning it yields.
    public var outcome: SandboxCardOutcome
    /// What the card is for.
    public var description: String

    public init(
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
