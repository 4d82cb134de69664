import COpenSSL

/// A hash computed over data that arrives in pieces.
///
/// A value type: copying a hasher forks the computation (the OpenSSL context is
/// duplicated on the first write after a copy).
///
/// ```swift
/// var hasher = try IncrementalHasher<SHA256>()
/// try hasher.update(header)
/// try hasher.update(body)
/// let digest = try hasher.finalize()
/// ```
package struct IncrementalHasher<H: HashFunction>: Sendable {
    private var storage: Storage

    /// Starts an empty hash.
    /// - Throws: ``CryptoError/Code/internalFailure`` or
    ///   ``CryptoError/Code/unsupportedAlgorithm``.
    package init() throws {
        storage = try Storage(digest: FetchedAlgorithms.digest(named: H.openSSLName))
    }

    /// Appends `data` to the hashed input.
    package mutating func update(_ data: [UInt8]) throws {
        if !isKnownUniquelyReferenced(&storage) {
            storage = try storage.copy()
        }
        let status = data.withUnsafeBytes { input in
            input.isEmpty ? 1 : EVP_DigestUpdate(storage.context, input.baseAddress, input.count)
        }
        guard status == 1 else { throw OpenSSLErrorQueue.error(.internalFailure, "digest update failed") }
    }

    /// The digest of everything appended so far. The hasher stays usable: more
    /// data can be appended and a new digest taken.
    package func finalize() throws -> [UInt8] {
        let finished = try storage.copy()
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(finished.context, &output, &length) == 1, Int(length) == H.byteCount else {
            throw OpenSSLErrorQueue.error(.internalFailure, "digest final failed")
        }
        output.removeLast(output.count - Int(length))
        return output
    }

    /// Owns one `EVP_MD_CTX`. Only mutated when uniquely referenced (see
    /// `update`), so sharing it between copies across threads is safe.
    private final class Storage: @unchecked Sendable {
        let context: OpaquePointer

        init(digest: OpaquePointer) throws {
            guard let context = EVP_MD_CTX_new() else {
                throw OpenSSLErrorQueue.error(.internalFailure, "EVP_MD_CTX_new failed")
            }
            guard EVP_DigestInit_ex2(context, digest, nil) == 1 else {
                EVP_MD_CTX_free(context)
                throw OpenSSLErrorQueue.error(.internalFailure, "digest init failed")
            }
            self.context = context
        }

        private init(context: OpaquePointer) {
            self.context = context
        }

        func copy() throws -> Storage {
            guard let duplicate = EVP_MD_CTX_new() else {
                throw OpenSSLErrorQueue.error(.internalFailure, "EVP_MD_CTX_new failed")
            }
            guard EVP_MD_CTX_copy_ex(duplicate, context) == 1 else {
                EVP_MD_CTX_free(duplicate)
                throw OpenSSLErrorQueue.error(.internalFailure, "digest copy failed")
            }
            return Storage(context: duplicate)
        }

        deinit { EVP_MD_CTX_free(context) }
    }
}
