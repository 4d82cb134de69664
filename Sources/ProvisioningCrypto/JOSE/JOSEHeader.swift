/// The protected header of a JWS (RFC 7515 §4.1), as far as this module reads it.
///
/// Members it does not model are ignored, except `crit`, which makes the token
/// unacceptable (``JOSEError/Code/unsupportedCriticalHeader``).
public struct JOSEHeader: Sendable, Hashable, Codable {
    /// `alg`: the signature algorithm.
    public var algorithm: JWSAlgorithm
    /// `kid`: which key signed.
    public var keyID: String?
    /// `typ`: the media type of the whole token ("JWT").
    public var type: String?
    /// `cty`: the media type of the payload.
    public var contentType: String?
    /// `crit`: extensions the recipient must understand.
    public var critical: [String]?

    enum CodingKeys: String, CodingKey {
        case algorithm = "alg"
        case keyID = "kid"
        case type = "typ"
        case contentType = "cty"
        case critical = "crit"
    }

    public init(
        algorithm: JWSAlgorithm, keyID: String? = nil, type: String? = nil, contentType: String? = nil
    ) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.type = type
        self.contentType = contentType
        critical = nil
    }
}
