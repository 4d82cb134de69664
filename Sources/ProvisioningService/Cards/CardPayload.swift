import Foundation
import ProvisioningCrypto

/// The card data a bank encrypts for the service, as decoded from JSON and not
/// yet validated.
///
/// The format is a JSON object with exactly these string members:
///
/// ```json
/// {"primaryAccountNumber": "4111111111111111", "expiration": "12/29",
///  "cardholderName": "Ada Lovelace", "cardReference": "card-0001"}
/// ```
///
/// Unknown members are **refused** (``FieldIssue/Reason/unexpectedField``), not
/// ignored. The payload is the service's own contract, and the member a bank is
/// most likely to add is the CVV, which push provisioning never needs: refusing
/// it makes the bank stop sending it instead of the service silently receiving
/// it. It also turns a misspelt member into an error that names it.
///
/// `description`, `debugDescription` and the mirror redact the PAN, expiry and
/// name. Turn a payload into a ``ValidatedCard`` with ``CardPayloadValidator``.
package struct CardPayload: Hashable, Sendable {
    /// The card number as sent; may be anything until validated.
    package var primaryAccountNumber: String
    /// The expiry as sent, expected "MM/YY".
    package var expiration: String
    /// The cardholder name as sent, untrimmed.
    package var cardholderName: String
    /// The bank's reference for the card, which authorization codes bind to.
    package var cardReference: String

    /// The JSON member names of the format, in the order issues are reported.
    package static let fieldNames = ["primaryAccountNumber", "expiration", "cardholderName", "cardReference"]

    /// The largest JSON payload accepted, in bytes. Four short strings fit in a
    /// fraction of it; anything bigger is not a card payload.
    package static let maximumEncodedSize = 4096
}

// Decoding sits in an extension so that the memberwise initializer stays the
// compiler's.
extension CardPayload {
    /// Decodes the payload JSON (the plaintext of the bank's CMS envelope).
    ///
    /// - Throws: ``ServiceError`` `payload-invalid` (``ServiceError/payloadInvalid(_:)``)
    ///   when the data is larger than ``maximumEncodedSize``, is not a JSON
    ///   object, lacks a member, has a member that is not a string, or has a
    ///   member outside the format. All such issues are reported together.
    package init(jsonData: Data) throws(ServiceError) {
        guard jsonData.count <= Self.maximumEncodedSize else {
            throw ServiceError.payloadInvalid([FieldIssue(field: "payload", reason: .tooLarge)])
        }
        guard let object = (try? JSONValue(parsing: Array(jsonData)))?.objectValue else {
            throw ServiceError.payloadInvalid([FieldIssue(field: "payload", reason: .invalidFormat)])
        }
        var issues: [FieldIssue] = []
        var values: [String: String] = [:]
        for name in Self.fieldNames {
            switch object[name] {
            case nil, .null?: issues.append(FieldIssue(field: name, reason: .missing))
            case .string(let value)?: values[name] = value
            case _?: issues.append(FieldIssue(field: name, reason: .wrongType))
            }
        }
        // Member names are the sender's text; only report ones that look like names,
        // and never more than a few, so an issue list cannot carry data.
        let unknown = object.keys.filter { !Self.fieldNames.contains($0) }.sorted()
        for name in unknown.prefix(5) {
            issues.append(FieldIssue(field: Self.reportableFieldName(name), reason: .unexpectedField))
        }
        guard issues.isEmpty, let pan = values["primaryAccountNumber"], let expiration = values["expiration"],
            let name = values["cardholderName"], let reference = values["cardReference"]
        else {
            throw ServiceError.payloadInvalid(issues)
        }
        self.init(primaryAccountNumber: pan, expiration: expiration, cardholderName: name, cardReference: reference)
    }

    private static func reportableFieldName(_ name: String) -> String {
        let isIdentifier =
            (1...32).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
            }
        return isIdentifier ? name : "(unnamed)"
    }
}

extension CardPayload: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        "CardPayload(primaryAccountNumber: redacted, expiration: redacted, cardholderName: redacted, "
            + "cardReference: redacted)"
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "primaryAccountNumber": "redacted", "expiration": "redacted", "cardholderName": "redacted",
                "cardReference": "redacted",
            ], displayStyle: .struct)
    }
}
