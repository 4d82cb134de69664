import COpenSSL

/// A SHA-2 hash function backed by OpenSSL's `EVP_Digest`.
///
/// ``SHA256`` and ``SHA384`` conform; the protocol exists so that ``HMAC`` and
/// ``IncrementalHasher`` can be generic over them.
///
/// ```swift
/// let digest = try SHA256.hash(data: Array("abc".utf8))   // 32 bytes
/// ```
package protocol HashFunction: Sendable {
    /// Digest length in bytes.
    static var byteCount: Int { get }
    /// OpenSSL's name for the digest ("SHA256", "SHA384").
    static var openSSLName: String { get }
}

extension HashFunction {
    /// Hashes `data` in one shot.
    ///
    /// - Throws: ``CryptoError/Code/internalFailure`` if OpenSSL fails (it does
    ///   not for in-memory input), ``CryptoError/Code/unsupportedAlgorithm`` if
    ///   the provider lacks the digest.
    package static func hash(data: [UInt8]) throws -> [UInt8] {
        let digest = try FetchedAlgorithms.digest(named: openSSLName)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = data.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &output, &length, digest, nil)
        }
        guard status == 1, Int(length) == byteCount else {
            throw OpenSSLErrorQueue.error(.internalFailure, "\(openSSLName) failed")
        }
        output.removeLast(output.count - Int(length))
        return output
    }
}

/// SHA-256 (FIPS 180-4): 32-byte digests.
package enum SHA256: HashFunction {
    package static let byteCount = 32
    package static let openSSLName = "SHA256"
}

/// SHA-384 (FIPS 180-4): 48-byte digests.
package enum SHA384: HashFunction {
    package static let byteCount = 48
    package static let openSSLName = "SHA384"
}
