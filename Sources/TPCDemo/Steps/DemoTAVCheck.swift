import Foundation
import ProvisioningCrypto

/// The demo's own check of a Mastercard TAV, as MDES makes it, written like
/// `Tests/Interop/mdes/tav_verify.py` from Mastercard's description rather
/// than with the service's code: the activation data is the base64 text of a
/// JSON object, version "3", signature algorithm "RSA-SHA256" (PKCS #1 v1.5)
/// by the issuer's TAV key over the values of the fields it names, in order
/// (`accountExpiry` as `MMYY`), which must include the card number and the
/// validity; the signature verifies with the registered public key for the
/// card being shown, and `dataValidUntilTimestamp` has not passed.
struct DemoTAVCheck {
    /// What the TAV says of itself.
    struct Reading {
        var version: String
        var signatureAlgorithm: String
        var fields: [String]
        var validUntil: String
    }

    /// The TAV's members, when it is well formed; `nil` otherwise.
    let reading: Reading?
    /// Why it does not verify, or `nil` when it does.
    let failure: String?

    var verifies: Bool { failure == nil }

    private struct Document: Decodable {
        var dataValidUntilTimestamp: String
        var includedFieldsInOrder: String
        var signature: String
        var signatureAlgorithm: String
        var version: String
    }

    /// Checks `tav` for the card `accountNumber`, `accountExpiry` (`MMYY`)
    /// with `publicKey` at `now`.
    init(_ tav: [UInt8], publicKey: RSA.PublicKey, accountNumber: String, accountExpiry: String, now: Date) {
        guard let text = String(bytes: tav, encoding: .utf8), let json = Data(base64Encoded: text),
            let document = try? JSONDecoder().decode(Document.self, from: json)
        else {
            (reading, failure) = (nil, "not base64 of a TAV's JSON object")
            return
        }
        let fields = document.includedFieldsInOrder.split(separator: "|").map(String.init)
        let reading = Reading(
            version: document.version, signatureAlgorithm: document.signatureAlgorithm, fields: fields,
            validUntil: document.dataValidUntilTimestamp)
        self.reading = reading
        let values = [
            "accountNumber": accountNumber, "accountExpiry": accountExpiry,
            "dataValidUntilTimestamp": document.dataValidUntilTimestamp,
        ]
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if document.version != "3" || document.signatureAlgorithm != "RSA-SHA256" {
            failure = "not version 3 with RSA-SHA256"
        } else if Set(fields).count != fields.count || !fields.allSatisfy({ values[$0] != nil })
            || !fields.contains("accountNumber") || !fields.contains("dataValidUntilTimestamp")
        {
            failure = "it does not sign the card number and its validity"
        } else if let signature = Data(base64Encoded: document.signature),
            publicKey.isValidSignature(
                [UInt8](signature), for: Array(fields.compactMap { values[$0] }.joined().utf8),
                padding: .pkcs1v15SHA256)
        {
            if let until = formatter.date(from: document.dataValidUntilTimestamp), now < until {
                failure = nil
            } else {
                failure = "past its dataValidUntilTimestamp"
            }
        } else {
            failure = "the signature does not verify for this card with this key"
        }
    }
}
