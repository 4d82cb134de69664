import Foundation

/// The card data Apple expects inside `encryptedPassData`.
///
/// Its JSON form is the one Apple documents for in-app provisioning:
///
/// ```json
/// {"primaryAccountNumber": "…", "expiration": "MM/YY", "name": "…",
///  "nonce": "<hex>", "nonceSignature": "<hex>"}
/// ```
///
/// The value holds a PAN: its `description`, `debugDescription` and mirror are
/// redacted so that it cannot reach a log by accident.
package struct ApplePayPassData: Sendable, Equatable {
    /// Digits only.
    package var primaryAccountNumber: String
    /// `MM/YY`.
    package var expiration: String
    /// Cardholder name.
    package var name: String
    /// The nonce Apple's servers issued for this request.
    package var nonce: [UInt8]
    /// The device's signature over the nonce.
    package var nonceSignature: [UInt8]

    package init(
        primaryAccountNumber: String, expiration: String, name: String, nonce: [UInt8], nonceSignature: [UInt8]
    ) {
        self.primaryAccountNumber = primaryAccountNumber
        self.expiration = expiration
        self.name = name
        self.nonce = nonce
        self.nonceSignature = nonceSignature
    }

    private struct Wire: Codable {
        var primaryAccountNumber: String
        var expiration: String
        var name: String
        var nonce: String
        var nonceSignature: String
    }

    /// The JSON plaintext, keys sorted, nonce and signature as lower-case hex.
    ///
    /// - Throws: ``CryptoError/Code/invalidArgument`` when it cannot be encoded.
    package func jsonRepresentation() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let wire = Wire(
            primaryAccountNumber: primaryAccountNumber, expiration: expiration, name: name,
            nonce: Hex.encode(nonce), nonceSignature: Hex.encode(nonceSignature))
        do {
            return Array(try encoder.encode(wire))
        } catch {
            throw CryptoError(.invalidArgument, "pass data is not encodable")
        }
    }

    /// Parses the JSON plaintext (the sandbox's Apple side does this after decrypting).
    /// - Throws: ``CryptoError/Code/invalidEncoding`` without echoing any field.
    package init(jsonRepresentation bytes: [UInt8]) throws {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(bytes))
        } catch {
            throw CryptoError(.invalidEncoding, "pass data is not the expected JSON")
        }
        self.init(
            primaryAccountNumber: wire.primaryAccountNumber, expiration: wire.expiration, name: wire.name,
            nonce: try Hex.decode(wire.nonce), nonceSignature: try Hex.decode(wire.nonceSignature))
    }
}

extension ApplePayPassData: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "ApplePayPassData(redacted)" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
