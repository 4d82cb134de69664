import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's DRBG (`RAND_bytes`).
///
/// Use it for keys, IVs, nonces and identifiers that must not be guessable:
///
/// ```swift
/// let iv = try SecureRandom.bytes(count: AES256GCM.ivByteCount)
/// ```
package enum SecureRandom {
    /// Returns `count` random bytes.
    ///
    /// - Parameter count: How many bytes, from 0 to `Int32.max`.
    /// - Throws: ``CryptoError/Code/invalidArgument`` for a negative or oversized
    ///   count; ``CryptoError/Code/randomFailure`` when the generator cannot be
    ///   seeded or fails.
    package static func bytes(count: Int) throws -> [UInt8] {
        guard count >= 0, count <= Int(Int32.max) else {
            throw CryptoError(.invalidArgument, "random byte count out of range")
        }
        guard count > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: count)
        let status = output.withUnsafeMutableBufferPointer { buffer in
            RAND_bytes(buffer.baseAddress, Int32(buffer.count))
        }
        guard status == 1 else {
            throw OpenSSLErrorQueue.error(.randomFailure, "RAND_bytes failed")
        }
        return output
    }
}
