import Foundation
import ProvisioningCrypto

/// Signs requests to Mastercard's APIs: OAuth 1.0a with RSA-SHA256 and the
/// `oauth_body_hash` extension, as Mastercard's own signer
/// (`mastercard-oauth1-signer`) does, header for header.
///
/// The consumer key comes from Mastercard's developer portal; the signing key
/// is the private key of the certificate registered there (a PKCS #12 file or
/// a PEM key in the issuer's configuration).
///
/// ```swift
/// let signer = OAuthSigner(consumerKey: "abc!123", signingKey: try RSA.PrivateKey(bits: 2048))
/// let header = try signer.authorization(
///     method: "POST", url: URL(string: "https://api.mastercard.com/mdes/csapi/v2/token/suspend")!,
///     body: Array(#"{"TokenSuspendRequest":{}}"#.utf8))
/// // OAuth oauth_consumer_key="abc!123",oauth_nonce="…",…,oauth_signature="…"
/// ```
package struct OAuthSigner: Sendable {
    package var consumerKey: String
    package var signingKey: RSA.PrivateKey

    /// The `Authorization` header value for one request.
    ///
    /// - Parameters:
    ///   - nonce: 16 random alphanumeric characters when nil (what Mastercard's signer makes).
    ///   - timestamp: now when nil.
    /// - Throws: ``MDESError`` `authorizationMalformed` for a URL without
    ///   scheme or host; ``ProvisioningCrypto/CryptoError`` if signing fails.
    package func authorization(
        method: String, url: URL, body: [UInt8], nonce: String? = nil, timestamp: Date? = nil
    ) throws -> String {
        let parameters = OAuthParameters(
            consumerKey: consumerKey, nonce: try nonce ?? Self.makeNonce(),
            timestamp: String(Int((timestamp ?? Date()).timeIntervalSince1970)),
            bodyHash: try OAuthParameters.bodyHash(of: body))
        let base = try parameters.signatureBaseString(method: method, url: url)
        let signature = try signingKey.signature(for: Array(base.utf8), padding: .pkcs1v15SHA256)
        // As the reference signer writes it: values as they are, but for the
        // signature, percent-encoded.
        let items = parameters.items + [("oauth_signature", OAuthParameters.percentEncode(Base64.encode(signature)))]
        return "OAuth " + items.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: ",")
    }

    static let nonceAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// 16 characters drawn uniformly from `A–Z a–z 0–9` (rejection sampling).
    static func makeNonce() throws -> String {
        var result: [UInt8] = []
        while result.count < 16 {
            for byte in try SecureRandom.bytes(count: 32) where byte < 248 && result.count < 16 {
                result.append(nonceAlphabet[Int(byte) % nonceAlphabet.count])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
