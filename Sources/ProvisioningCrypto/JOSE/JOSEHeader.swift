/// The protected header of a JWS (RFC 7515 §4.1), as far as this module reads it.
///
/// Members it does not model are ignored, except `crit`, which makes the token
/// unacceptable (``CryptoError/Code/unsupportedCriticalHeader``).
package struct JOSEHeader: Sendable, Hashable, Codable {
    /// `alg`: the signature algorithm.
    package var algorithm: JWSAlgorithm
    /// `kid`: which key signed.
    package var keyID: String?
    /// `typ`: the media type of the whole token ("JWT").
    package var type: String?
    /// `cty`: the media type of the payload.
    package var contentType: String?
    /// `crit`: extensions the recipient must understand.
    package var critical: [String]?

    enum CodingKeys: String, CodingKey {
        case algorithm = "alg"
        case keyID = "kid"
        case type = "typ"
        case contentType = "cty"
        case critical = "crit"
    }

    package init(
        algorithm: JWSAlgorithm, keyID: String? = nil, type: String? = nil, contentType: String? = nil
    ) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.type = type
        self.contentType = contentType
        critical = nil
    }

    /// Reads the members this type models from a parsed header; members of the
    /// wrong JSON type are refused as the `Codable` path refuses them, and `null`
    /// stands for absent.
    init(jsonObject object: [String: JSONValue]) throws {
        func string(_ name: String) throws -> String? {
            switch object[name] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            case _?: throw Self.wrongShape
            }
        }
        guard let algorithm = try string("alg") else {
            throw Self.wrongShape
        }
        self.init(
            algorithm: JWSAlgorithm(rawValue: algorithm), keyID: try string("kid"), type: try string("typ"),
            contentType: try string("cty"))
        switch object["crit"] {
        case nil, .null?:
            critical = nil
        case .array(let names)?:
            critical = try names.map { name in
                guard case .string(let value) = name else {
                    throw Self.wrongShape
                }
                return value
            }
        case _?:
            throw Self.wrongShape
        }
    }

    // One detail for every shape fault: it names no member, so nothing of the
    // token's text reaches a log through it.
    private static let wrongShape = CryptoError(.malformed, "JWS header is not valid JSON of the expected shape")
}
