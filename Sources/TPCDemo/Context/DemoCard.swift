import ProvisioningAPI

/// A sandbox test card as the bank knows it in the demo.
///
/// `description` shows the scheme and last four digits only: the PAN and
/// expiry stay inside the payload the bank encrypts.
public struct DemoCard: Hashable, Sendable, CustomStringConvertible {
    /// The card number (a documented sandbox test number).
    let pan: String
    /// `MM/YY`.
    let expiry: String
    /// The card's network.
    public let scheme: CardSchemeName
    /// What the sandbox network decides for this card.
    public let outcome: SandboxCardOutcome
    /// The name on the card.
    public let cardholderName: String
    /// The bank's reference, unique to this demo run.
    public let reference: String

    init(
        pan: String, expiry: String, scheme: CardSchemeName, outcome: SandboxCardOutcome, cardholderName: String,
        reference: String
    ) {
        self.pan = pan
        self.expiry = expiry
        self.scheme = scheme
        self.outcome = outcome
        self.cardholderName = cardholderName
        self.reference = reference
    }

    /// The last four digits of the PAN.
    public var last4: String { String(pan.suffix(4)) }

    public var description: String { "\(scheme.rawValue) ••••\(last4)" }
}
