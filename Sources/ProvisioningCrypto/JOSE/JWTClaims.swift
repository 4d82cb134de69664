import Foundation

/// The claims of a JWT (RFC 7519 §4): the registered ones typed, the rest as
/// ``JSONValue``.
///
/// `aud` may be a string or an array on the wire; it is always an array here,
/// and written back as a string when it has one element.
///
/// ```swift
/// var claims = JWTClaims(issuer: "bank", subject: "card-42", audience: ["provisioning"],
///                        expiresAt: now + 300, issuedAt: now, jwtID: UUID().uuidString)
/// claims[custom: "scope"] = .string("provision")
/// ```
package struct JWTClaims: Sendable, Hashable {
    /// `iss`.
    package var issuer: String?
    /// `sub`.
    package var subject: String?
    /// `aud`.
    package var audience: [String]?
    /// `exp`.
    package var expiresAt: Date?
    /// `nbf`.
    package var notBefore: Date?
    /// `iat`.
    package var issuedAt: Date?
    /// `jti`.
    package var jwtID: String?
    /// Every other claim. Entries named like a registered claim are ignored when
    /// encoding.
    package var custom: [String: JSONValue]

    package init(
        issuer: String? = nil, subject: String? = nil, audience: [String]? = nil, expiresAt: Date? = nil,
        notBefore: Date? = nil, issuedAt: Date? = nil, jwtID: String? = nil, custom: [String: JSONValue] = [:]
    ) {
        self.issuer = issuer
        self.subject = subject
        self.audience = audience
        self.expiresAt = expiresAt
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.jwtID = jwtID
        self.custom = custom
    }

    /// A custom claim.
    package subscript(custom name: String) -> JSONValue? {
        get { custom[name] }
        set { custom[name] = newValue }
    }

    static let registeredNames: Set<String> = ["iss", "sub", "aud", "exp", "nbf", "iat", "jti"]

    /// Reads claims from a decoded payload object.
    /// - Throws: ``CryptoError/Code/invalidClaim`` when a registered claim has the
    ///   wrong JSON type.
    init(jsonObject object: [String: JSONValue]) throws {
        func string(_ name: String) throws -> String? {
            guard let value = object[name] else { return nil }
            guard let text = value.stringValue else { throw CryptoError(.invalidClaim, "\(name) is not a string") }
            return text
        }
        func date(_ name: String) throws -> Date? {
            guard let value = object[name] else { return nil }
            guard let seconds = value.doubleValue, seconds.isFinite else {
                throw CryptoError(.invalidClaim, "\(name) is not a NumericDate")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        issuer = try string("iss")
        subject = try string("sub")
        jwtID = try string("jti")
        expiresAt = try date("exp")
        notBefore = try date("nbf")
        issuedAt = try date("iat")
        switch object["aud"] {
        case nil: audience = nil
        case .string(let single)?: audience = [single]
        case .array(let values)?:
            let strings = values.compactMap(\.stringValue)
            guard strings.count == values.count else { throw CryptoError(.invalidClaim, "aud holds a non-string") }
            audience = strings
        default: throw CryptoError(.invalidClaim, "aud is neither a string nor an array")
        }
        custom = object.filter { !Self.registeredNames.contains($0.key) }
    }

    /// The claims as a JSON object.
    var jsonObject: [String: JSONValue] {
        var object = custom.filter { !Self.registeredNames.contains($0.key) }
        func numericDate(_ date: Date) -> JSONValue {
            let seconds = date.timeIntervalSince1970
            if seconds.rounded() == seconds, let integer = Int64(exactly: seconds) { return .integer(integer) }
            return .number(seconds)
        }
        if let issuer { object["iss"] = .string(issuer) }
        if let subject { object["sub"] = .string(subject) }
        if let audience {
            object["aud"] = audience.count == 1 ? .string(audience[0]) : .array(audience.map(JSONValue.string))
        }
        if let expiresAt { object["exp"] = numericDate(expiresAt) }
        if let notBefore { object["nbf"] = numericDate(notBefore) }
        if let issuedAt { object["iat"] = numericDate(issuedAt) }
        if let jwtID { object["jti"] = .string(jwtID) }
        return object
    }
}
