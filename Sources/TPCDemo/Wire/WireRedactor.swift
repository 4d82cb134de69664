import Foundation

/// Makes HTTP exchanges printable: secrets are replaced by field name and by
/// the shape of their value, so nothing that identifies a card or authorizes
/// an operation reaches the terminal.
///
/// * **By name** (any JSON depth, case-insensitive): card data (`pan`,
///   `primaryAccountNumber`, `expiration`, `cardholderName`, `cvv`, token
///   expiries…), codes, keys and tokens (`authorizationCode`, `code`,
///   `accessToken`, `*Key`, `*Secret`, `otp`…), Apple's nonce and its
///   signature, a payment's unpredictable number and cryptogram, and every
///   encrypted or activation blob.
/// * **By value**, in every remaining string and in non-JSON bodies: runs of
///   12–19 digits (a PAN with or without separators), JWTs (`eyJ….….…`) and
///   long base64 or hex strings (keys, ciphertexts, signatures).
/// * **Headers**: the `Authorization` value.
///
/// ```swift
/// WireRedactor().redact(body: data)   // {"authorizationCode":"‹redacted›","scheme":"VISA"}
/// ```
package struct WireRedactor: Sendable {
    /// The replacement text.
    package static let mask = "‹redacted›"

    /// The longest body text printed; the rest is cut with a note.
    package var maximumLength: Int

    package init(maximumLength: Int = 600) {
        self.maximumLength = maximumLength
    }

    private static let exactNames: Set<String> = [
        "pan", "dpan", "primaryaccountnumber", "accountnumber", "cardnumber", "tokennumber", "cvv", "cvc", "cvv2",
        "expiration", "expiry", "expirationdate", "panexpiry", "cardholdername", "nonce",
        "noncesignature", "authorizationcode", "code", "otp", "passcode", "password", "activationdata",
        "encryptedpayload", "encryptedpassdata", "ephemeralpublickey", "publickey", "privatekey", "signature",
        "apikey", "secret", "wrappedkey", "paymentkey", "keymaterial", "accesstoken", "tokenexpiry",
        "auxiliarytokenexpiry", "unpredictablenumber",
    ]
    private static let nameFragments = ["secret", "privatekey", "apikey", "password", "encrypted", "cryptogram"]

    /// Whether a JSON member of this name holds a secret.
    package static func isSecretField(_ name: String) -> Bool {
        let lower = name.lowercased()
        return exactNames.contains(lower) || nameFragments.contains { lower.contains($0) }
    }

    /// The printable text of a body: JSON redacted by name and value, other
    /// text by value; binary bodies as a byte count.
    package func redact(body: Data) -> String {
        guard !body.isEmpty else { return "" }
        let text: String
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let cleaned = redact(json: object)
            if let data = try? JSONSerialization.data(
                withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed])
            {
                text = String(decoding: data, as: UTF8.self)
            } else {
                text = "‹\(body.count) bytes›"
            }
        } else if let decoded = String(data: body, encoding: .utf8),
            decoded.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        {
            text = redact(text: decoded)
        } else {
            return "‹\(body.count) bytes›"
        }
        // JSONSerialization escapes slashes; the unescaped form reads better.
        let readable = text.replacingOccurrences(of: "\\/", with: "/")
        guard readable.count > maximumLength else { return readable }
        return String(readable.prefix(maximumLength)) + "… ‹\(readable.count - maximumLength) more characters›"
    }

    /// A header value as printed.
    package func redact(header name: String, value: String) -> String {
        switch name.lowercased() {
        case "authorization", "proxy-authorization", "cookie", "set-cookie":
            let scheme = value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            return scheme.isEmpty || scheme == value ? Self.mask : "\(scheme) \(Self.mask)"
        default:
            return redact(text: value)
        }
    }

    /// A request target (path and query): each path segment and query value
    /// is judged on its own, so identifiers in paths stay readable.
    package func redact(target: String) -> String {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0].split(separator: "/", omittingEmptySubsequences: false)
            .map { redact(text: String($0)) }.joined(separator: "/")
        guard parts.count == 2 else { return path }
        let query = parts[1].split(separator: "&").map { item -> String in
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return redact(text: String(item)) }
            let value = Self.isSecretField(String(pair[0])) ? Self.mask : redact(text: String(pair[1]))
            return "\(pair[0])=\(value)"
        }
        return path + "?" + query.joined(separator: "&")
    }

    func redact(json: Any) -> Any {
        if let object = json as? [String: Any] {
            var cleaned: [String: Any] = [:]
            for (key, value) in object {
                cleaned[key] = Self.isSecretField(key) && !(value is NSNull) ? maskFor(value) : redact(json: value)
            }
            return cleaned
        }
        if let array = json as? [Any] {
            return array.map { redact(json: $0) }
        }
        if let string = json as? String {
            return redact(text: string)
        }
        return json
    }

    private func maskFor(_ value: Any) -> Any {
        if let array = value as? [Any] { return "\(Self.mask) (\(array.count) items)" }
        return Self.mask
    }

    /// `text` with digit runs that could be a PAN, JWTs and long base64 or hex
    /// strings replaced.
    package func redact(text: String) -> String {
        var output = ""
        var token = ""
        func flush() {
            output += redactToken(token)
            token = ""
        }
        for character in Self.maskingDigitRuns(text) {
            if character.isLetter || character.isNumber || "+/=_-.".contains(character) {
                token.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }

    /// `text` with every run of 12–19 digits, possibly grouped by single spaces
    /// or dashes (`4761 2000 0000 0015`), replaced. Runs inside longer
    /// alphanumeric words are left to the per-word rules.
    static func maskingDigitRuns(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let startsWord = index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
            guard startsWord, characters[index].isNumber else {
                output.append(characters[index])
                index += 1
                continue
            }
            var end = index
            var digits = 0
            var lastDigit = index
            while end < characters.count {
                let character = characters[end]
                if character.isNumber {
                    digits += 1
                    lastDigit = end
                } else if (character == " " || character == "-"), end + 1 < characters.count,
                    characters[end + 1].isNumber, characters[end - 1].isNumber
                {
                    // A single separator between digit groups.
                } else {
                    break
                }
                end += 1
            }
            let next = lastDigit + 1
            let endsWord = next >= characters.count || !(characters[next].isLetter || characters[next].isNumber)
            if (12...19).contains(digits), endsWord {
                output += "‹\(digits) digits redacted›"
            } else {
                output += String(characters[index...lastDigit])
            }
            index = next
        }
        return output
    }

    private func redactToken(_ token: String) -> String {
        guard !token.isEmpty else { return token }
        let digits = token.filter(\.isNumber)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        if token.hasPrefix("eyJ"), parts.count == 3 {
            return "‹jwt redacted›"
        }
        if digits.count >= 12, token.allSatisfy({ $0.isNumber || $0 == "-" }) {
            return "‹\(digits.count) digits redacted›"
        }
        let isBlob = token.count >= 40 && token.allSatisfy { $0.isLetter || $0.isNumber || "+/=_-".contains($0) }
        if isBlob, !Self.looksLikeIdentifier(token) {
            return "‹\(token.count) characters redacted›"
        }
        // Digits hidden inside a longer token (say "card4761200000000015"); hex
        // identifiers (request, token and device ids) are left alone.
        if digits.count >= 12, !Self.isHexIdentifier(token) {
            var run = 0
            for character in token {
                run = character.isNumber ? run + 1 : 0
                if run >= 12 { return "‹redacted›" }
            }
        }
        return token
    }

    /// A 32-digit hex identifier or a UUID.
    private static func isHexIdentifier(_ text: String) -> Bool {
        let bare = text.filter { $0 != "-" }
        return bare.count == 32 && bare.allSatisfy(\.isHexDigit) && bare.contains(where: \.isLetter)
    }

    /// UUIDs and similar dashed identifiers are request ids, token ids and
    /// device ids: useful to read, not secret.
    private static func looksLikeIdentifier(_ text: String) -> Bool {
        let groups = text.split(separator: "-")
        return groups.count >= 4 && groups.allSatisfy { $0.count <= 12 && $0.allSatisfy(\.isHexDigit) }
    }
}
