import COpenSSL
import COpenSSLShims

/// The NIST SP 800-56A (rev. 3) single-step key-derivation function with
/// SHA-256, the "Concatenation KDF", computed by OpenSSL's SSKDF:
///
///     K = SHA-256(counter₁ ‖ Z ‖ OtherInfo) ‖ SHA-256(counter₂ ‖ Z ‖ OtherInfo) ‖ …
///
/// with a 32-bit big-endian counter starting at 1, truncated to the requested
/// length. For a 32-byte key that is one block: SHA-256(00000001 ‖ Z ‖ OtherInfo),
/// which is how Apple's ECC_V2 derives its AES key.
///
/// ```swift
/// let z = try ephemeral.sharedSecret(with: recipient)
/// let key = try ConcatKDF.deriveKey(sharedSecret: z, otherInfo: otherInfo, outputByteCount: 32)
/// ```
package enum ConcatKDF {
    /// The largest output accepted, far above any key this module uses.
    package static let maximumOutputByteCount = 1 << 16

    /// Derives `outputByteCount` bytes from the shared secret Z and OtherInfo.
    /// - Throws: ``CryptoError/Code/invalidArgument`` for an empty secret or an
    ///   output length outside 1…``maximumOutputByteCount``;
    ///   ``CryptoError/Code/internalFailure`` if OpenSSL fails.
    package static func deriveKey(sharedSecret: [UInt8], otherInfo: [UInt8], outputByteCount: Int) throws -> [UInt8] {
        guard !sharedSecret.isEmpty else { throw CryptoError(.invalidArgument, "empty shared secret") }
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw CryptoError(.invalidArgument, "KDF output length out of range")
        }
        let kdf = try FetchedAlgorithms.sskdf.require()
        var output = [UInt8](repeating: 0, count: outputByteCount)
        let status = sharedSecret.withUnsafeBufferPointer { secret in
            otherInfo.withUnsafeBufferPointer { info in
                pp_sskdf_derive(
                    kdf, SHA256.openSSLName, secret.baseAddress, secret.count, info.baseAddress, info.count,
                    &output, output.count)
            }
        }
        guard status == 1 else { throw OpenSSLErrorQueue.error(.internalFailure, "SSKDF derivation failed") }
        return output
    }
}
