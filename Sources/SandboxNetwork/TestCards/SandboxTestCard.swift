import Foundation

/// One documented sandbox test card: a Luhn-valid number whose provisioning has a
/// known outcome, like Apple Pay's sandbox cards.
///
/// These numbers are public test data, yet `description`, `debugDescription` and
/// the mirror still show only the last four digits: the whole suite scans logs
/// and databases for test PANs, so they must never get there by `print`.
package struct SandboxTestCard: Hashable, Sendable {
    /// The card number, ASCII digits.
    package let pan: String
    /// The card's network.
    package let scheme: SandboxScheme
    /// The product id the provisioning request names (schemes that need one).
    package let productId: String?
    /// What provisioning this card does.
    package let outcome: SandboxOutcome
    /// The name printed on the card.
    package let cardholderName: String
    /// The bank's reference for the card in the sandbox issuer.
    package let cardReference: String
    /// The expiry month, 1–12.
    package let expirationMonth: Int
    /// The four-digit expiry year.
    package let expirationYear: Int
    /// The second brand of a dual-brand card.
    package let auxiliaryScheme: SandboxScheme?
    /// The product id of the second brand.
    package let auxiliaryProductId: String?

    /// The expiry as "MM/YY", the card payload's format.
    package var expiration: String {
        let month = expirationMonth < 10 ? "0\(expirationMonth)" : "\(expirationMonth)"
        let year = expirationYear % 100 < 10 ? "0\(expirationYear % 100)" : "\(expirationYear % 100)"
        return "\(month)/\(year)"
    }

    /// The last four digits of the card number.
    package var panLastFour: String { String(pan.suffix(4)) }

    /// Whether the card carries two brands.
    package var isDualBrand: Bool { auxiliaryScheme != nil }

    /// The card payload JSON the bank encrypts for the service
    /// (`primaryAccountNumber`, `expiration`, `cardholderName`, `cardReference`).
    package func payloadJSON() -> Data {
        let object: [String: String] = [
            "primaryAccountNumber": pan, "expiration": expiration, "cardholderName": cardholderName,
            "cardReference": cardReference,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a dictionary of strings cannot fail.
        return (try? encoder.encode(object)) ?? Data()
    }
}

extension SandboxTestCard: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        "SandboxTestCard(\(scheme) ••••\(panLastFour), \(outcome), cardReference: \(cardReference))"
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "scheme": scheme, "panLastFour": panLastFour, "outcome": outcome, "cardReference": cardReference,
                "productId": productId as Any, "auxiliaryScheme": auxiliaryScheme as Any,
            ], displayStyle: .struct)
    }
}
