/// HKDF with HMAC-SHA256 (RFC 5869): extract a pseudo-random key from input
/// key material and a salt, then expand it with `info` to the length asked.
///
/// The wallet API derives the key-encryption key of a payment-key batch with
/// it (CryptoKit's `hkdfDerivedSymmetricKey(using: SHA256.self, …)` computes
/// the same value on Apple platforms).
///
/// ```swift
/// let z = try ephemeral.sharedSecret(with: walletKey)
/// let kek = try HKDF.deriveKey(
///     inputKeyMaterial: z, salt: ephemeralPoint, info: Array("TPC-PaymentKeys-1".utf8), outputByteCount: 32)
/// ```
package enum HKDF {
    /// The longest output RFC 5869 allows with SHA-256: 255 blocks.
    package static let maximumOutputByteCount = 255 * SHA256.byteCount

    /// Derives `outputByteCount` bytes.
    ///
    /// An empty `salt` stands for a string of 32 zero bytes, as the RFC says.
    ///
    /// - Throws: ``CryptoError/Code/invalidArgument`` for empty input key
    ///   material or a length outside 1…``maximumOutputByteCount``;
    ///   ``CryptoError/Code/internalFailure`` if HMAC fails.
    package static func deriveKey(
        inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) throws -> [UInt8] {
        guard !inputKeyMaterial.isEmpty else { throw CryptoError(.invalidArgument, "empty input key material") }
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw CryptoError(.invalidArgument, "HKDF output length out of range")
        }
        let extractSalt = salt.isEmpty ? [UInt8](repeating: 0, count: SHA256.byteCount) : salt
        let pseudoRandomKey = try HMACSHA256.authenticationCode(for: inputKeyMaterial, key: extractSalt)
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount)
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            block = try HMACSHA256.authenticationCode(for: block + info + [counter], key: pseudoRandomKey)
            output += block
            counter &+= 1
        }
        return Array(output.prefix(outputByteCount))
    }
}
