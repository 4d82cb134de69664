import ProvisioningAPI

/// A sandbox test card as the bank knows it in the demo.
///
/// `description` shows the scheme and last four digits only: the PAN and
/// expiry stay inside the payload the bank encrypts.
package struct DemoCard: Hashable, Sendable, CustomStringConvertible {
    /// The card number (a documented sandbox test number).
    let pan: String
    /// `MM/YY`.
    let expiry: String
    /// The card's network.
    package let scheme: CardSchemeName
    /// What the sandbox network decides for this card.
    package let outcome: SandboxCardOutcome
    /// The name on the card.
    package let cardholderName: String
    /// The bank's reference, unique to this demo run.
    package let reference: String

    /// The same card under another reference of the bank's, as when it is
    /// enrolled or provisioned again as a card of its own.
    package func referenced(as reference: String) -> DemoCard {
        DemoCard(
            pan: pan, expiry: expiry, scheme: scheme, outcome: outcome, cardholderName: cardholderName,
            reference: reference)
    }

    /// The last four digits of the PAN.
    package var last4: String { String(pan.suffix(4)) }

    package var description: String { "\(scheme.rawValue) ••••\(last4)" }
}
