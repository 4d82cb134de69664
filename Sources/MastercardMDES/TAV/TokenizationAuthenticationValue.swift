import Foundation
import ProvisioningCrypto
import ProvisioningService

/// Mastercard's Tokenization Authentication Value (TAV, "cryptographic OTP"):
/// the `activationData` an issuer returns with Apple's pass data for a
/// Mastercard card, which MDES checks to let an issuer-initiated provisioning
/// through without further ID&V (the "green" flow).
///
/// The issuer signs the card's fields it names in `includedFieldsInOrder` —
/// here `accountNumber|accountExpiry|dataValidUntilTimestamp` — with its TAV
/// key (RSA-SHA256, PKCS #1 v1.5); MDES verifies the signature with the public
/// key the issuer registered, that the fields are the card's being tokenized,
/// and that `dataValidUntilTimestamp` has not passed. Its JSON members are
/// those issuer processors publish for the TAV they return (`version`,
/// `signatureAlgorithm`, `dataValidUntilTimestamp`, `includedFieldsInOrder`,
/// `signature`), with values written as in the sample TAV Mastercard
/// publishes (strings: version `"3"`, the format issuer processors ask for;
/// `"RSA-SHA256"`). The exact bytes are in docs/networks.md.
///
/// ```swift
/// let signer = TokenizationAuthenticationValue.Signer(key: tavKey)
/// let tav = try signer.make(accountNumber: pan, expiration: expiry, now: Date())
/// request.activationData = Data(tav.bytes)
/// ```
package struct TokenizationAuthenticationValue: Sendable, Hashable {
    /// The format (`version`) this type makes and reads.
    package static let version = "3"
    /// The one signature algorithm MDES defines for a TAV.
    package static let signatureAlgorithm = "RSA-SHA256"
    /// How long a TAV stays valid: the add-card sheet finishes within minutes.
    package static let validity: TimeInterval = 15 * 60
    /// The fields signed, in order.
    package static let includedFields = ["accountNumber", "accountExpiry", "dataValidUntilTimestamp"]

    /// What goes to Apple: the UTF-8 bytes of the TAV's text.
    package var bytes: [UInt8]
    package var validUntil: Date

    /// The TAV's members, before base64.
    struct Document: Codable, Sendable {
        var dataValidUntilTimestamp: String
        var includedFieldsInOrder: String
        var signature: String
        var signatureAlgorithm: String
        var version: String
    }

    /// Makes TAVs with the issuer's TAV key.
    package struct Signer: Sendable {
        let key: RSA.PrivateKey

        /// - Throws: ``ProvisioningCrypto/CryptoError`` when signing fails.
        package func make(
            accountNumber: String, expiration: CardExpiration, now: Date
        ) throws
            -> TokenizationAuthenticationValue
        {
            let validUntil = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + validity).rounded(.down))
            let timestamp = TokenizationAuthenticationValue.timestamp(validUntil)
            let signed = TokenizationAuthenticationValue.signedBytes(
                accountNumber: accountNumber, accountExpiry: TokenizationAuthenticationValue.expiry(expiration),
                dataValidUntilTimestamp: timestamp)
            let signature = try key.signature(for: signed, padding: .pkcs1v15SHA256)
            let document = Document(
                dataValidUntilTimestamp: timestamp, includedFieldsInOrder: includedFields.joined(separator: "|"),
                signature: Base64.encode(signature), signatureAlgorithm: signatureAlgorithm, version: version)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let text = Base64.encode(Array(try encoder.encode(document)))
            return TokenizationAuthenticationValue(bytes: Array(text.utf8), validUntil: validUntil)
        }
    }

    /// Checks `bytes` as MDES does: well-formed, version 3, RSA-SHA256 signed
    /// with `publicKey` over the fields it names, those fields the card's, and
    /// not past its validity at `now`.
    ///
    /// - Throws: ``MDESError`` `tavMalformed` or `tavRefused`.
    package static func verify(
        _ bytes: [UInt8], publicKey: RSA.PublicKey, accountNumber: String, expiration: CardExpiration, now: Date
    ) throws -> TokenizationAuthenticationValue {
        guard bytes.count <= 4096, let text = String(bytes: bytes, encoding: .utf8),
            let json = try? Base64.decode(text),
            let document = try? JSONDecoder().decode(Document.self, from: Data(json)),
            document.version == version, document.signatureAlgorithm == signatureAlgorithm,
            let signature = try? Base64.decode(document.signature),
            let validUntil = parse(document.dataValidUntilTimestamp)
        else { throw MDESError(.tavMalformed, "the activation data is not a version-3 TAV") }
        let values = [
            "accountNumber": accountNumber, "accountExpiry": expiry(expiration),
            "dataValidUntilTimestamp": document.dataValidUntilTimestamp,
        ]
        let names = document.includedFieldsInOrder.split(separator: "|").map(String.init)
        guard !names.isEmpty, Set(names).count == names.count, names.allSatisfy({ values[$0] != nil }),
            names.contains("accountNumber"), names.contains("dataValidUntilTimestamp")
        else { throw MDESError(.tavMalformed, "the TAV names fields it cannot cover") }
        let signed = Array(names.compactMap { values[$0] }.joined().utf8)
        guard publicKey.isValidSignature(signature, for: signed, padding: .pkcs1v15SHA256) else {
            throw MDESError(.tavRefused, "the TAV was not signed for this card with the registered key")
        }
        guard now < validUntil else { throw MDESError(.tavRefused, "the TAV's validity has passed") }
        return TokenizationAuthenticationValue(bytes: bytes, validUntil: validUntil)
    }

    /// The id of the provisioning attempt a TAV was returned for: the first
    /// 16 bytes of SHA-256(TAV ‖ Apple's nonce). The nonce is single-use, so two
    /// add requests for one card in one second (iPhone and Watch), whose TAVs
    /// are the same, are still two attempts; the sandbox's network, which sees
    /// both the TAV and the nonce, names the attempt by the same rule.
    package static func provisioningId(tav: [UInt8], nonce: [UInt8]) throws -> [UInt8] {
        Array(try SHA256.hash(data: tav + nonce).prefix(ActivationData.provisioningIdByteCount))
    }

    /// The signed bytes: the fields' values concatenated in the order named.
    static func signedBytes(accountNumber: String, accountExpiry: String, dataValidUntilTimestamp: String) -> [UInt8] {
        Array((accountNumber + accountExpiry + dataValidUntilTimestamp).utf8)
    }

    /// `MMYY`.
    static func expiry(_ expiration: CardExpiration) -> String {
        expiration.wireValue.replacingOccurrences(of: "/", with: "")
    }

    /// ISO 8601 in UTC to the second: `2026-12-02T10:15:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
