/// A JWK Set (RFC 7517 §5): the keys a service trusts for JWS verification.
///
/// Keys of types or curves this module does not support are skipped when
/// parsing, as RFC 7517 §5 asks; a supported key that is malformed makes the
/// whole set invalid.
///
/// ```swift
/// let keys = try JWKSet(jsonRepresentation: Array(jwksJSON.utf8))
/// let key = keys[keyID: "2024-01"]
/// ```
package struct JWKSet: Sendable, Codable {
    /// The keys, in document order.
    package var keys: [JWK]

    package init(keys: [JWK]) {
        self.keys = keys
    }

    /// Parses `{"keys": [...]}`.
    /// - Throws: ``CryptoError/Code/malformed`` or ``CryptoError/Code/invalidKey``.
    package init(jsonRepresentation: [UInt8]) throws {
        try self.init(jsonObject: JOSEJSON.decodeObject(jsonRepresentation, "JWK set"))
    }

    package init(from decoder: any Decoder) throws {
        try self.init(jsonObject: decoder.singleValueContainer().decode([String: JSONValue].self))
    }

    init(jsonObject: [String: JSONValue]) throws {
        guard case .array(let entries)? = jsonObject["keys"] else {
            throw CryptoError(.malformed, "JWK set has no keys array")
        }
        var keys: [JWK] = []
        for entry in entries {
            guard case .object(let object) = entry else {
                throw CryptoError(.malformed, "JWK set entry is not an object")
            }
            guard JWK.isSupported(object) else { continue }
            keys.append(try JWK(jsonObject: object))
        }
        self.keys = keys
    }

    private enum CodingKeys: String, CodingKey {
        case keys
    }

    /// The public set as JSON.
    package func jsonRepresentation() throws -> [UInt8] {
        try JOSEJSON.encode(self)
    }

    /// The first key whose `kid` is `keyID`.
    package subscript(keyID keyID: String) -> JWK? {
        keys.first { $0.keyID == keyID }
    }

    /// The key that must verify a JWS with this header.
    ///
    /// With a `kid`, the key with that ID (preferring one whose type fits `alg`);
    /// without one, the only key of a one-key set.
    /// - Throws: ``CryptoError/Code/unknownKey`` or ``CryptoError/Code/missingKeyID``.
    package func verificationKey(for header: JOSEHeader) throws -> JWK {
        if let keyID = header.keyID {
            let candidates = keys.filter { $0.keyID == keyID }
            guard let first = candidates.first else { throw CryptoError(.unknownKey, "no key with the token's kid") }
            return candidates.first { header.algorithm.fits($0.publicKey) } ?? first
        }
        switch keys.count {
        case 0: throw CryptoError(.unknownKey, "empty key set")
        case 1: return keys[0]
        default: throw CryptoError(.missingKeyID, "token has no kid and the key set has several keys")
        }
    }
}
