import Foundation

/// Checks a ``CardPayload`` against the card rules and the requested scheme.
///
/// The rules, each reported as a ``FieldIssue`` on its field:
///
/// * `primaryAccountNumber`: ASCII digits only, 13–19 of them, Luhn-valid, BIN
///   and length allowed by the scheme's ``CardSchemeRule``.
/// * `expiration`: exactly MM/YY, month 01–12, not over: a card is valid through
///   the last instant of its expiry month in UTC.
/// * `cardholderName`: trimmed of surrounding white space, 2–26 characters (the
///   EMV / Apple Wallet name limit), no control or format characters.
/// * `cardReference`: 1–64 characters of `A–Z a–z 0–9 . _ -`.
/// * `productId` (from the request, not the payload): required by schemes whose
///   BINs are not their own (PagoBancomat, PURE, other); when present, same
///   alphabet as a card reference.
///
/// All failing fields are reported together, one issue per field (the first rule
/// it breaks).
///
/// ```swift
/// let payload = try CardPayload(jsonData: plaintext)
/// let card = try CardPayloadValidator.validate(payload, scheme: .visa, now: Date())
/// print(card.panLastFour)
/// ```
package enum CardPayloadValidator {
    /// Shortest and longest cardholder name, in characters.
    package static let nameLengths = 2...26
    /// Shortest and longest card reference or product id, in characters.
    package static let referenceLengths = 1...64

    /// Validates `payload` for `scheme` at the instant `now`.
    ///
    /// - Parameters:
    ///   - payload: The decoded payload.
    ///   - scheme: The scheme the request names.
    ///   - productId: The product id the request names, if any.
    ///   - now: The instant the expiry is checked against.
    /// - Returns: The validated card, with the name trimmed.
    /// - Throws: ``ServiceError`` `payload-invalid` (``ServiceError/payloadInvalid(_:)``)
    ///   listing every failing field; never a value.
    package static func validate(
        _ payload: CardPayload, scheme: CardScheme, productId: String? = nil, now: Date
    ) throws(ServiceError) -> ValidatedCard {
        var issues: [FieldIssue] = []
        let rule = CardSchemeRule.rule(for: scheme)

        if let reason = panIssue(payload.primaryAccountNumber, rule: rule) {
            issues.append(FieldIssue(field: "primaryAccountNumber", reason: reason))
        }
        let (expiration, expirationIssue) = parseExpiration(payload.expiration, now: now)
        if let expirationIssue { issues.append(FieldIssue(field: "expiration", reason: expirationIssue)) }
        let name = trimmingWhitespace(payload.cardholderName)
        if let reason = nameIssue(name) {
            issues.append(FieldIssue(field: "cardholderName", reason: reason))
        }
        if let reason = referenceIssue(payload.cardReference) {
            issues.append(FieldIssue(field: "cardReference", reason: reason))
        }
        let product = productId.flatMap { $0.isEmpty ? nil : $0 }
        if let product {
            if let reason = referenceIssue(product) { issues.append(FieldIssue(field: "productId", reason: reason)) }
        } else if rule.requiresProductId {
            issues.append(FieldIssue(field: "productId", reason: .missing))
        }

        guard issues.isEmpty, let expiration else { throw ServiceError.payloadInvalid(issues) }
        return ValidatedCard(
            scheme: scheme, productId: product, pan: payload.primaryAccountNumber, expiration: expiration,
            cardholderName: name, cardReference: payload.cardReference)
    }

    static func panIssue(_ pan: String, rule: CardSchemeRule) -> FieldIssue.Reason? {
        if pan.isEmpty { return .missing }
        guard pan.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return .notDigits }
        let length = pan.utf8.count
        guard (13...19).contains(length) else { return .invalidLength }
        guard Luhn.isValid(pan) else { return .luhnCheckFailed }
        guard rule.acceptsBIN(of: pan) else { return .schemeMismatch }
        guard rule.lengths.contains(length) else { return .invalidLength }
        return nil
    }

    static func parseExpiration(_ text: String, now: Date) -> (CardExpiration?, FieldIssue.Reason?) {
        if text.isEmpty { return (nil, .missing) }
        guard let (month, year) = CardExpiration.parseDigits(text) else { return (nil, .invalidFormat) }
        guard let expiration = CardExpiration(month: month, year: 2000 + year) else { return (nil, .outOfRange) }
        guard !expiration.isExpired(at: now) else { return (nil, .expired) }
        return (expiration, nil)
    }

    static func nameIssue(_ name: String) -> FieldIssue.Reason? {
        if name.isEmpty { return .missing }
        guard nameLengths.contains(name.count) else { return .invalidLength }
        let printable = name.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                false
            default:
                true
            }
        }
        return printable ? nil : .invalidCharacters
    }

    /// `text` without the leading and trailing scalars Foundation's
    /// `CharacterSet.whitespacesAndNewlines` holds — Unicode `White_Space` plus
    /// U+200B ZERO WIDTH SPACE — without the round trip through `NSString`.
    static func trimmingWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar.value == 0x200B }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    static func referenceIssue(_ reference: String) -> FieldIssue.Reason? {
        if reference.isEmpty { return .missing }
        guard referenceLengths.contains(reference.utf8.count) else { return .invalidLength }
        let allowed = reference.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        return allowed ? nil : .invalidCharacters
    }
}
