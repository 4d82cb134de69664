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
    /// Written directly, byte for byte what `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` writes: every add-card request seals one, and a new
    /// encoder with its boxed containers was about 1.5% of the server's CPU time
    /// per request. Strings that `JSONEncoder` would escape go through it after all,
    /// so the output never differs.
    package func jsonRepresentation() throws -> [UInt8] {
        guard Self.isPlain(primaryAccountNumber), Self.isPlain(expiration), Self.isPlain(name) else {
            return try encodedByFoundation()
        }
        var json: [UInt8] = []
        json.reserveCapacity(
            96 + primaryAccountNumber.utf8.count + expiration.utf8.count + name.utf8.count
                + (nonce.count + nonceSignature.count) * 2)
        var separator = UInt8(ascii: "{")
        func member(_ key: StaticString, _ write: (inout [UInt8]) -> Void) {
            json.append(separator)
            separator = UInt8(ascii: ",")
            json.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { json.append(contentsOf: $0) }
            json.append(contentsOf: "\":\"".utf8)
            write(&json)
            json.append(UInt8(ascii: "\""))
        }
        // The members in the order `.sortedKeys` puts them.
        member("expiration") { $0.append(contentsOf: expiration.utf8) }
        member("name") { $0.append(contentsOf: name.utf8) }
        member("nonce") { Hex.append(nonce, to: &$0) }
        member("nonceSignature") { Hex.append(nonceSignature, to: &$0) }
        member("primaryAccountNumber") { $0.append(contentsOf: primaryAccountNumber.utf8) }
        json.append(UInt8(ascii: "}"))
        return json
    }

    func encodedByFoundation() throws -> [UInt8] {
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

    /// Whether `JSONEncoder` writes `text` unchanged between quotes: printable
    /// ASCII other than a quote or a backslash (slashes stay unescaped with
    /// `.withoutEscapingSlashes`). Anything else, such as a name with accents,
    /// takes the `JSONEncoder` path, whose escaping rules are then the only ones.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
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
