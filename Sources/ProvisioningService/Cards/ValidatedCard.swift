/// A card whose payload passed ``CardPayloadValidator``: every field is in range
/// and consistent with the requested scheme.
///
/// Hold it only for the request that needs it. ``pan`` is there to be encrypted
/// for Apple and fingerprinted, nothing else; `description`, `debugDescription`
/// and the mirror show only the scheme, the last four digits and the card
/// reference, so `print(card)`, `"\(card)"` and `dump(card)` are safe.
package struct ValidatedCard: Hashable, Sendable {
    /// The scheme the card was validated against.
    package let scheme: CardScheme
    /// The product id the request named, when it named one.
    package let productId: String?
    /// The full card number, ASCII digits. For encryption and fingerprinting only.
    package let pan: String
    /// The expiry month.
    package let expiration: CardExpiration
    /// The cardholder name, trimmed, 2–26 characters.
    package let cardholderName: String
    /// The bank's reference for the card.
    package let cardReference: String

    /// The PAN's last four digits, the only part of it that may be stored and shown.
    package var panLastFour: String { String(pan.suffix(4)) }
}

extension ValidatedCard: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        "ValidatedCard(scheme: \(scheme), pan: ••••\(panLastFour), expiration: ••/••, cardReference: \(cardReference))"
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "scheme": scheme.wireValue, "productId": productId as Any, "panLastFour": panLastFour,
                "expiration": "••/••", "cardholderName": "redacted", "cardReference": cardReference,
            ], displayStyle: .struct)
    }
}
