import Foundation

/// Makes HTTP exchanges printable: secrets are replaced by field name and by
/// the shape of their value, so nothing that identifies a card or authorizes
/// an operation reaches the terminal.
///
/// * **By name** (any JSON depth, case-insensitive): card data (`pan`,
///   `primaryAccountNumber`, `expiration`, `cardholderName`, `cvv`…), codes and
///   keys (`authorizationCode`, `*Key`, `*Secret`, `otp`…), Apple's nonce and
///   its signature, and every encrypted or activation blob.
/// * **By value**, in every remaining string and in non-JSON bodies: runs of
///   12–19 digits (a PAN with or without separators), JWTs (`eyJ….….…`) and
///   long base64 or hex strings (keys, ciphertexts, signatures).
/// * **Headers**: the `Authorization` value.
///
/// ```swift
/// WireRedactor().redact(body: data)   // {"authorizationCode":"‹redacted›","scheme":"VISA"}
/// ```
public struct WireRedactor: Sendable {
    /// The replacement text.
    public static let mask = "‹redacted›"

    /// The longest body text printed; the rest is cut with a note.
    public var maximumLength: Int

    public init(maximumLength: Int = 600) {
        self.maximumLength = maximumLength
    }

    private static let exactNames: Set<String> = [
        "pan", "dpan", "primaryaccountnumber", "accountnumber", "cardnumber", "tokennumber", "cvv", "cvc", "cvv2",
        "expiration", "expiry", "expirationdate", "panexpiry", "cardholdername", "nonce",
        "noncesignature", "authorizationcode", "code", "otp", "passcode", "password", "activationdata",
        "encryptedpayload", "encryptedpassdata", "ephemeralpublickey", "publickey", "privatekey", "signature",
        "apikey", "secret", "wrappedkey", "paymentkey", "keymaterial",
    ]
    private static let nameFragments = ["secret", "privatekey", "apikey", "password", "encrypted", "cryptogram"]

    /// Whether a JSON member of this name holds a secret.
    public static func isSecretField(_ name: String) -> Bool {
        let lower = name.lowercased()
        return exactNames.contains(lower) || nameFragments.contains { lower.contains($0) }
    }

    /// The printable text of a body: JSON redacted by name and value, other
    /// text by value; binary bodies as a byte count.
    public func redact(body: Data) -> String {
        guard !body.isEmpty else { return "" }
        let text: String
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let cleaned = redact(json: object)
            if let data = try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed]) {
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
    public func redact(header name: String, value: String) -> String {
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
    public func redact(target: String) -> String {
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
    public func redact(text: String) -> String {
        var output = ""
        var token = ""
        func flush() {
            output += redactToken(token)
            token = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || "+/=_-.".contains(character)
                || (character == " " && token.last?.isNumber == true)
            {
                token.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }

    private func redactToken(_ token: String) -> String {
        guard !token.isEmpty else { return token }
        let trimmedSpace = token.hasSuffix(" ") ? String(token.dropLast()) : token
        let trailing = token.hasSuffix(" ") ? " " : ""
        let digits = trimmedSpace.filter(\.isNumber)
        let separators = trimmedSpace.filter { $0 == " " || $0 == "-" }
        if digits.count >= 12, digits.count + separators.count == trimmedSpace.count {
            return "‹\(digits.count) digits redacted›" + trailing
        }
        if trimmedSpace.contains(" ") {
            // Words and numbers joined by spaces: look at each part alone.
            return trimmedSpace.split(separator: " ", omittingEmptySubsequences: false)
                .map { redactToken(String($0)) }.joined(separator: " ") + trailing
        }
        let parts = trimmedSpace.split(separator: ".", omittingEmptySubsequences: false)
        if trimmedSpace.hasPrefix("eyJ"), parts.count == 3 {
            return "‹jwt redacted›" + trailing
        }
        if digits.count >= 12, trimmedSpace.allSatisfy({ $0.isNumber || $0 == "-" }) {
            return "‹\(digits.count) digits redacted›" + trailing
        }
        let isBlob = trimmedSpace.count >= 40 && trimmedSpace.allSatisfy { $0.isLetter || $0.isNumber || "+/=_-".contains($0) }
        if isBlob, !Self.looksLikeIdentifier(trimmedSpace) {
            return "‹\(trimmedSpace.count) characters redacted›" + trailing
        }
        // Digits hidden inside a longer token (say "card4761200000000015"); hex
        // identifiers (request, token and device ids) are left alone.
        if digits.count >= 12, !Self.isHexIdentifier(trimmedSpace) {
            var run = 0
            for character in trimmedSpace {
                run = character.isNumber ? run + 1 : 0
                if run >= 12 { return "‹redacted›" + trailing }
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
