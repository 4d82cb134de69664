import Foundation
import ProvisioningCrypto

/// The protocol parameters of one OAuth 1.0a request as Mastercard's APIs use
/// them (RFC 5849 with the `oauth_body_hash` extension, RSA-SHA256), and the
/// signature base string they are signed over.
///
/// Shared by ``OAuthSigner`` and ``OAuthVerifier``, so the two sides build the
/// base string one way.
package struct OAuthParameters: Sendable, Hashable {
    package static let signatureMethod = "RSA-SHA256"
    package static let version = "1.0"

    package var consumerKey: String
    package var nonce: String
    /// Seconds since 1970, as sent.
    package var timestamp: String
    /// Standard base64 of the SHA-256 of the body (of the empty string without one).
    package var bodyHash: String
    package var signatureMethod: String = OAuthParameters.signatureMethod
    package var version: String = OAuthParameters.version

    /// `oauth_body_hash` of `body`.
    package static func bodyHash(of body: [UInt8]) throws -> String {
        Base64.encode(try SHA256.hash(data: body))
    }

    /// The parameters in the order Mastercard's signer writes them in the
    /// header (without the signature, which comes last).
    var items: [(String, String)] {
        [
            ("oauth_consumer_key", consumerKey), ("oauth_nonce", nonce), ("oauth_timestamp", timestamp),
            ("oauth_signature_method", signatureMethod), ("oauth_version", version),
            ("oauth_body_hash", bodyHash),
        ]
    }

    /// The signature base string (RFC 5849 §3.4.1) as Mastercard's gateway and
    /// its reference signer (`mastercard-oauth1-signer`) build it: the method in
    /// upper case, the URL without query (scheme and host in lower case, the
    /// scheme's default port left out, `/` for an empty path) and the sorted
    /// `name=value` pairs of the query and of these parameters, each of the
    /// three percent-encoded and joined with `&`.
    ///
    /// Where the reference signer departs from RFC 5849 the signer follows it,
    /// as the gateway verifies what it makes: the OAuth values go into the
    /// pairs unencoded (a `!` in the consumer key, the body hash's `+ / =`),
    /// the pairs sort as whole `name=value` strings, and a query is encoded
    /// pair by pair only when it arrived with percent escapes (else its spaces
    /// become `+`).
    ///
    /// - Throws: ``MDESError`` `authorizationMalformed` for a URL without a
    ///   scheme or host.
    package func signatureBaseString(method: String, url: URL) throws -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
        else { throw MDESError(.authorizationMalformed, "the request URL has no scheme or host") }
        var authority = host.lowercased()
        if let port = components.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) {
            authority += ":\(port)"
        }
        let path = components.percentEncodedPath
        let base = "\(scheme)://\(authority)\(path.isEmpty ? "/" : path)"
        var pairs: [String] = []
        if let query = components.percentEncodedQuery, !query.isEmpty {
            let escaped = query.removingPercentEncoding != query
            for item in query.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    (String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text))
                }
                let name = decode(parts[0])
                let value = parts.count > 1 ? decode(parts[1]) : ""
                pairs.append(
                    escaped
                        ? "\(Self.percentEncode(name))=\(Self.percentEncode(value))"
                        : "\(name.replacingOccurrences(of: " ", with: "+"))=\(value.replacingOccurrences(of: " ", with: "+"))"
                )
            }
        }
        pairs += items.map { "\($0.0)=\($0.1)" }
        pairs.sort()
        return [method.uppercased(), Self.percentEncode(base), Self.percentEncode(pairs.joined(separator: "&"))]
            .joined(separator: "&")
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`), as RFC 5849 §3.6 requires; UTF-8, upper-case hex.
    package static func percentEncode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + Hex.encode([byte]).uppercased()
            }
        }
        return result
    }
}
