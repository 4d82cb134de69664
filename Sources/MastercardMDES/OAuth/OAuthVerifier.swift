import Foundation
import ProvisioningCrypto
import ProvisioningPrimitives

/// Checks the OAuth 1.0a signature of a request to an MDES endpoint the way
/// Mastercard's gateway does: RSA-SHA256 over the RFC 5849 base string with
/// the public key registered for the consumer key, the body hash, a timestamp
/// within ``timestampWindow`` of now, and a nonce used once per consumer key
/// within that window.
///
/// The sandbox's MDES endpoint uses it; so can a test of a real connector.
///
/// ```swift
/// let verifier = OAuthVerifier(consumers: ["abc!123": signingKey.publicKey])
/// let consumer = try verifier.verify(
///     authorization: header, method: "POST", url: url, body: body, now: Date())
/// ```
package final class OAuthVerifier: Sendable {
    /// How far a request's timestamp may be from now, either way.
    package static let timestampWindow: TimeInterval = 300

    private let consumers: [String: RSA.PublicKey]
    /// Nonces seen, per consumer key, with their timestamps; pruned to the window.
    private let seen = Locked<[String: TimeInterval]>([:])

    package init(consumers: [String: RSA.PublicKey]) {
        self.consumers = consumers
    }

    /// Verifies one request and spends its nonce; returns its consumer key.
    ///
    /// The nonce is spent only once every other check has passed, so a forged
    /// request cannot burn a real client's nonce.
    ///
    /// - Throws: ``MDESError`` — `authorizationMalformed`, `consumerUnknown`,
    ///   `signatureMethodUnsupported`, `bodyHashMismatch`, `timestampOutOfWindow`,
    ///   `signatureInvalid` or `nonceReplayed`.
    @discardableResult
    package func verify(
        authorization: String?, method: String, url: URL, body: [UInt8], now: Date
    ) throws -> String {
        let fields = try Self.parse(authorization)
        func field(_ name: String) throws -> String {
            guard let value = fields[name] else {
                throw MDESError(.authorizationMalformed, "the Authorization header has no \(name)")
            }
            return value
        }
        let consumerKey = try field("oauth_consumer_key")
        guard let key = consumers[consumerKey] else {
            throw MDESError(.consumerUnknown, "the consumer key is not registered")
        }
        guard try field("oauth_signature_method") == OAuthParameters.signatureMethod,
            (fields["oauth_version"] ?? OAuthParameters.version) == OAuthParameters.version
        else { throw MDESError(.signatureMethodUnsupported, "only RSA-SHA256 and OAuth 1.0 are accepted") }
        var parameters = OAuthParameters(
            consumerKey: consumerKey, nonce: try field("oauth_nonce"), timestamp: try field("oauth_timestamp"),
            bodyHash: try field("oauth_body_hash"))
        parameters.version = fields["oauth_version"] ?? OAuthParameters.version
        guard
            ConstantTime.equals(
                Array(try OAuthParameters.bodyHash(of: body).utf8), Array(parameters.bodyHash.utf8))
        else { throw MDESError(.bodyHashMismatch, "oauth_body_hash is not the SHA-256 of the body") }
        guard let seconds = TimeInterval(parameters.timestamp), parameters.timestamp.allSatisfy(\.isASCIIDigit),
            abs(seconds - now.timeIntervalSince1970) <= Self.timestampWindow
        else { throw MDESError(.timestampOutOfWindow, "oauth_timestamp is not within 5 minutes of now") }
        guard let signature = try? Base64.decode(try field("oauth_signature")),
            key.isValidSignature(
                signature, for: Array(try parameters.signatureBaseString(method: method, url: url).utf8),
                padding: .pkcs1v15SHA256)
        else { throw MDESError(.signatureInvalid, "the signature does not verify with the registered key") }
        let spent = seen.withLock { seen -> Bool in
            let horizon = now.timeIntervalSince1970 - Self.timestampWindow
            seen = seen.filter { $0.value >= horizon }
            return seen.updateValue(seconds, forKey: consumerKey + "\u{0}" + parameters.nonce) == nil
        }
        guard spent else { throw MDESError(.nonceReplayed, "the nonce was already used") }
        return consumerKey
    }

    /// `OAuth name="value",…` into its parameters, percent-decoded; `realm` is
    /// dropped (RFC 5849 §3.5.1 leaves it out of the signature).
    package static func parse(_ header: String?) throws -> [String: String] {
        guard let header, header.hasPrefix("OAuth ") else {
            throw MDESError(.authorizationMalformed, "no Authorization: OAuth header")
        }
        var fields: [String: String] = [:]
        for part in header.dropFirst(6).split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard let equals = item.firstIndex(of: "="), item[item.index(after: equals)...].hasPrefix("\""),
                item.hasSuffix("\""), item.count >= item.distance(from: item.startIndex, to: equals) + 3
            else { throw MDESError(.authorizationMalformed, "an Authorization parameter is not name=\"value\"") }
            let name = String(item[..<equals])
            let quoted = item[item.index(equals, offsetBy: 2)..<item.index(before: item.endIndex)]
            guard let value = String(quoted).removingPercentEncoding,
                let decodedName = name.removingPercentEncoding
            else { throw MDESError(.authorizationMalformed, "an Authorization parameter is not percent-encoded") }
            guard decodedName != "realm" else { continue }
            guard fields.updateValue(value, forKey: decodedName) == nil else {
                throw MDESError(.authorizationMalformed, "an Authorization parameter is given twice")
            }
        }
        return fields
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
