import COpenSSL

/// Comparisons whose running time does not depend on the bytes compared.
///
/// Use it for every comparison that involves a secret or an authenticator
/// (MAC tags, activation codes, token hashes): an early-exit `==` tells an
/// attacker how many leading bytes of a guess were right.
///
/// ```swift
/// guard ConstantTime.equals(presentedTag, expectedTag) else { throw … }
/// ```
package enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes.
    ///
    /// Runs `CRYPTO_memcmp` over the whole length when the lengths match. Lengths
    /// that differ give `false` at once: the length of an authenticator is public,
    /// and no content is read in that case.
    package static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
            }
        }
    }
}
