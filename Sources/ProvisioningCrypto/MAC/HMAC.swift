import COpenSSL
import COpenSSLShims

/// HMAC (RFC 2104) over a SHA-2 hash, computed by OpenSSL's `EVP_MAC`.
///
/// ```swift
/// let tag = try HMACSHA256.authenticationCode(for: message, key: key)
/// let ok = HMACSHA256.isValidAuthenticationCode(tag, for: message, key: key)
/// ```
package enum HMAC<H: HashFunction> {
    /// Length of a full authentication code, in bytes.
    package static var byteCount: Int { H.byteCount }

    /// The HMAC of `message` under `key`. Any key length is accepted (keys
    /// longer than the hash block are hashed first, as RFC 2104 says).
    ///
    /// - Throws: ``CryptoError/Code/internalFailure`` if OpenSSL fails.
    package static func authenticationCode(for message: [UInt8], key: [UInt8]) throws -> [UInt8] {
        let mac = try FetchedAlgorithms.hmac.require()
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length = 0
        let status = key.withUnsafeBufferPointer { keyBuffer in
            message.withUnsafeBufferPointer { messageBuffer in
                pp_hmac(
                    mac, H.openSSLName, keyBuffer.baseAddress, keyBuffer.count, messageBuffer.baseAddress,
                    messageBuffer.count, &output, output.count, &length)
            }
        }
        guard status == 1, length == H.byteCount else {
            throw OpenSSLErrorQueue.error(.internalFailure, "HMAC failed")
        }
        output.removeLast(output.count - length)
        return output
    }

    /// Whether `code` is the full-length HMAC of `message` under `key`,
    /// compared in constant time. Truncated codes are refused.
    package static func isValidAuthenticationCode(_ code: [UInt8], for message: [UInt8], key: [UInt8]) -> Bool {
        guard code.count == H.byteCount, let expected = try? authenticationCode(for: message, key: key) else {
            return false
        }
        return ConstantTime.equals(code, expected)
    }
}

/// HMAC-SHA-256: 32-byte authentication codes.
package typealias HMACSHA256 = HMAC<SHA256>
