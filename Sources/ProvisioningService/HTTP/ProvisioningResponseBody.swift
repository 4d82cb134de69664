import Foundation
import ProvisioningHTTP
import ProvisioningAPI

/// Writes the JSON body of an ``ProvisioningAPI/ApplePayProvisioningResponse``
/// directly, byte for byte what `JSONEncoder.provisioningAPI` writes: members in
/// sorted order, absent optionals left out, `Data` as padded base64, slashes
/// unescaped.
///
/// Every successful add-card request is answered with one, and going through
/// `JSONEncoder` (a new encoder, boxed containers, key sorting) was about 2% of
/// the server's CPU time per request. Strings that would need escaping go
/// through `JSONEncoder` after all, so the output never differs.
enum ProvisioningResponseBody {
    /// The `200 OK` response carrying `response`.
    ///
    /// - Throws: `EncodingError` only on the `JSONEncoder` fallback.
    static func response(_ response: ApplePayProvisioningResponse) throws -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: try encode(response))
    }

    /// The JSON bytes of `response`.
    ///
    /// - Throws: `EncodingError` only on the `JSONEncoder` fallback.
    static func encode(_ response: ApplePayProvisioningResponse) throws -> [UInt8] {
        let strings = [response.provisioningId, response.tokenReference].compactMap { $0 }
        guard strings.allSatisfy(isPlain) else { return Array(try JSONEncoder.provisioningAPI.encode(response)) }
        var body: [UInt8] = []
        body.reserveCapacity(
            64
                + (response.encryptedPassData.count + response.activationData.count
                    + (response.ephemeralPublicKey?.count ?? 0) + (response.wrappedKey?.count ?? 0)) * 4 / 3
                + response.provisioningId.utf8.count + (response.tokenReference?.utf8.count ?? 0))
        var separator = UInt8(ascii: "{")
        func member(_ name: StaticString, _ value: String) {
            body.append(separator)
            separator = UInt8(ascii: ",")
            body.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { body.append(contentsOf: $0) }
            body.append(contentsOf: "\":\"".utf8)
            body.append(contentsOf: value.utf8)
            body.append(UInt8(ascii: "\""))
        }
        // The members in the order `.sortedKeys` puts them.
        member("activationData", response.activationData.base64EncodedString())
        member("encryptedPassData", response.encryptedPassData.base64EncodedString())
        if let key = response.ephemeralPublicKey { member("ephemeralPublicKey", key.base64EncodedString()) }
        member("provisioningId", response.provisioningId)
        if let reference = response.tokenReference { member("tokenReference", reference) }
        if let wrapped = response.wrappedKey { member("wrappedKey", wrapped.base64EncodedString()) }
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// Whether `JSONEncoder` writes `text` unchanged between quotes: no quote,
    /// backslash or control character (slashes stay unescaped with
    /// `.withoutEscapingSlashes`; other characters are written as UTF-8).
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
}
