import Foundation
import ProvisioningCrypto

/// Encrypts a card payload for the service's payload certificate: CMS
/// EnvelopedData (RSAES-OAEP SHA-256 key transport for an RSA certificate,
/// AES-256-CBC content), DER, then standard base64 — the
/// `encryptedPayload` the app passes to `TPCSDK.provision`.
///
/// The plaintext is a JSON object with exactly four strings:
/// `primaryAccountNumber`, `expiration` (`MM/YY`), `cardholderName` and
/// `cardReference`. The encryptor checks that shape only (the service
/// validates the values and refuses unknown members).
///
/// ```swift
/// let encryptor = try PayloadEncryptor(certificatePEM: pem)
/// let encryptedPayload = try encryptor.encrypt(json: cardJSON)
/// ```
package struct PayloadEncryptor: Sendable {
    /// The member names the service accepts, in order.
    package static let fieldNames = ["primaryAccountNumber", "expiration", "cardholderName", "cardReference"]

    private let certificate: Certificate

    /// - Throws: ``IssuerToolError`` `invalid-input` when the PEM holds no certificate.
    package init(certificatePEM: String) throws {
        do {
            certificate = try Certificate(pemRepresentation: certificatePEM)
        } catch {
            throw IssuerToolError(.invalidInput, "the payload certificate is not a PEM certificate")
        }
    }

    /// The base64 CMS for the card JSON `json`.
    ///
    /// - Throws: ``IssuerToolError`` `invalid-input` naming the first member that is
    ///   missing, not a string or not part of the format (never its value).
    package func encrypt(json: Data) throws -> String {
        try Self.checkShape(json)
        let der = try CMSEnvelopedData.encrypt(Array(json), for: certificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    /// The base64 CMS for the card's four fields.
    package func encrypt(
        pan: String, expiration: String, cardholderName: String, cardReference: String
    ) throws
        -> String
    {
        let object = [
            "primaryAccountNumber": pan, "expiration": expiration, "cardholderName": cardholderName,
            "cardReference": cardReference,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encrypt(json: try encoder.encode(object))
    }

    static func checkShape(_ json: Data) throws {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw IssuerToolError(.invalidInput, "the card payload is not a JSON object")
        }
        for name in fieldNames where !(object[name] is String) {
            throw IssuerToolError(.invalidInput, "the card payload's \(name) is missing or not a string")
        }
        if object.keys.contains(where: { !fieldNames.contains($0) }) {
            throw IssuerToolError(
                .invalidInput,
                "the card payload has a member outside \(fieldNames.joined(separator: ", ")) (the service refuses it)")
        }
    }
}
