/// A JSON Web Key (RFC 7517) for a P-256 (`kty` "EC", `crv` "P-256") or RSA
/// (`kty` "RSA") key.
///
/// Public JWKs round-trip fully. A private P-256 JWK (`d`) imports and exports
/// (``privateJSONRepresentation()``); for RSA only the public members are read
/// (private members are ignored) and private export is refused. `Codable`
/// encoding never writes private members.
///
/// ```swift
/// let jwk = JWK(publicKey: .p256(key.publicKey), keyID: "2024-01", algorithm: .es256, use: "sig")
/// let json = try jwk.jsonRepresentation()
/// let again = try JWK(jsonRepresentation: json)
/// ```
package struct JWK: Sendable, Codable {
    /// The public key.
    package let publicKey: AnyPublicKey
    /// The private key, when the JWK carries one.
    package let privateKey: AnyPrivateKey?
    /// `kid`.
    package var keyID: String?
    /// `alg`: when set, the only algorithm this key may be used with.
    package var algorithm: JWSAlgorithm?
    /// `use`: "sig" or "enc"; when set and not "sig", the key does not verify JWS.
    package var use: String?

    /// A public JWK.
    package init(publicKey: AnyPublicKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil, use: String? = nil) {
        self.publicKey = publicKey
        privateKey = nil
        self.keyID = keyID
        self.algorithm = algorithm
        self.use = use
    }

    /// A JWK holding a private key (and its public half).
    package init(privateKey: AnyPrivateKey, keyID: String? = nil, algorithm: JWSAlgorithm? = nil, use: String? = nil) {
        publicKey = privateKey.publicKey
        self.privateKey = privateKey
        self.keyID = keyID
        self.algorithm = algorithm
        self.use = use
    }

    /// Parses a JWK JSON object.
    /// - Throws: ``CryptoError`` with ``CryptoError/Code/malformed`` for JSON that is
    ///   not an object, ``CryptoError/Code/invalidKey`` for unsupported key types or
    ///   curves, bad members, points off the curve or RSA sizes not allowed.
    package init(jsonRepresentation: [UInt8]) throws {
        try self.init(jsonObject: JOSEJSON.decodeObject(jsonRepresentation, "JWK"))
    }

    package init(from decoder: any Decoder) throws {
        try self.init(jsonObject: decoder.singleValueContainer().decode([String: JSONValue].self))
    }

    init(jsonObject object: [String: JSONValue]) throws {
        func string(_ name: String) throws -> String? {
            guard let value = object[name] else { return nil }
            guard let text = value.stringValue else {
                throw CryptoError(.invalidKey, "JWK member \(name) is not a string")
            }
            return text
        }
        func bytes(_ name: String) throws -> [UInt8] {
            guard let text = try string(name) else { throw CryptoError(.invalidKey, "JWK member \(name) is missing") }
            guard let decoded = try? Base64URL.decode(text) else {
                throw CryptoError(.invalidKey, "JWK member \(name) is not base64url")
            }
            return decoded
        }
        // A key constructor's own code (invalid-argument for a scalar of the
        // wrong size…) becomes invalid-key, so every JWK that does not import
        // is refused with one code; the detail names the constructor's.
        func imported<Key>(_ make: () throws -> Key) throws -> Key {
            do {
                return try make()
            } catch let error as CryptoError {
                throw CryptoError(.invalidKey, "JWK key refused (\(error.code))")
            }
        }
        keyID = try string("kid")
        algorithm = try string("alg").map(JWSAlgorithm.init(rawValue:))
        use = try string("use")
        switch try string("kty") {
        case "EC":
            guard try string("crv") == "P-256" else { throw CryptoError(.invalidKey, "unsupported JWK curve") }
            let x = try bytes("x")
            let y = try bytes("y")
            guard x.count == 32, y.count == 32 else {
                throw CryptoError(.invalidKey, "P-256 JWK coordinates must be 32 bytes")
            }
            let point = try imported { try P256.PublicKey(x963Representation: [0x04] + x + y) }
            publicKey = .p256(point)
            if object["d"] != nil {
                let scalar = try bytes("d")
                let secret = try imported { try P256.PrivateKey(rawRepresentation: scalar) }
                guard secret.publicKey == point else {
                    throw CryptoError(.invalidKey, "JWK private key does not match its public key")
                }
                privateKey = .p256(secret)
            } else {
                privateKey = nil
            }
        case "RSA":
            let modulus = try bytes("n")
            let exponent = try bytes("e")
            publicKey = .rsa(try imported { try RSA.PublicKey(modulus: modulus, publicExponent: exponent) })
            privateKey = nil
        default:
            throw CryptoError(.invalidKey, "unsupported JWK key type")
        }
    }

    /// Whether a JWK object names a key type and curve this module supports
    /// (JWK sets skip the others, RFC 7517 §5).
    static func isSupported(_ object: [String: JSONValue]) -> Bool {
        switch object["kty"]?.stringValue {
        case "EC": object["crv"]?.stringValue == "P-256"
        case "RSA": true
        default: false
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try publicJSONObject())
    }

    /// The public JWK as JSON (sorted keys): `kty`, `crv`/`x`/`y` or `n`/`e`, and
    /// `kid`, `alg`, `use` when set.
    package func jsonRepresentation() throws -> [UInt8] {
        try JOSEJSON.encode(publicJSONObject())
    }

    /// The JWK including the private scalar `d` (P-256 only). Treat the output
    /// as a secret.
    /// - Throws: ``CryptoError/Code/invalidKey`` when there is no private key or it
    ///   is an RSA key.
    package func privateJSONRepresentation() throws -> [UInt8] {
        guard case .p256(let key)? = privateKey else {
            throw CryptoError(.invalidKey, "only P-256 private JWKs can be exported")
        }
        var object = try publicJSONObject()
        object["d"] = .string(Base64URL.encode(try key.rawRepresentation))
        return try JOSEJSON.encode(object)
    }

    /// The RFC 7638 thumbprint: SHA-256 of the required public members in
    /// lexicographic order, without whitespace.
    package func thumbprint() throws -> [UInt8] {
        try SHA256.hash(data: JOSEJSON.encode(requiredMembers()))
    }

    private func requiredMembers() throws -> [String: JSONValue] {
        switch publicKey {
        case .p256(let key):
            let point = key.x963Representation
            guard point.count == 65 else { throw CryptoError(.invalidKey, "P-256 point unavailable") }
            return [
                "kty": .string("EC"), "crv": .string("P-256"),
                "x": .string(Base64URL.encode(Array(point[1..<33]))),
                "y": .string(Base64URL.encode(Array(point[33..<65]))),
            ]
        case .rsa(let key):
            // Reading the components can fail inside OpenSSL: the exporter is
            // told the JWK cannot be written, the reader's code in the detail.
            do {
                return [
                    "kty": .string("RSA"),
                    "n": .string(Base64URL.encode(try key.modulus)),
                    "e": .string(Base64URL.encode(try key.publicExponent)),
                ]
            } catch let error as CryptoError {
                throw CryptoError(.invalidKey, "JWK export failed (\(error.code))")
            }
        }
    }

    private func publicJSONObject() throws -> [String: JSONValue] {
        var object = try requiredMembers()
        if let keyID { object["kid"] = .string(keyID) }
        if let algorithm { object["alg"] = .string(algorithm.rawValue) }
        if let use { object["use"] = .string(use) }
        return object
    }
}
