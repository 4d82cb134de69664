import COpenSSL

/// An OpenSSL algorithm object fetched once from the default provider and kept
/// for the life of the process.
///
/// Fetching (`EVP_MD_fetch`, `EVP_KDF_fetch`, …) takes a lock and walks the
/// provider tables; doing it per call is measurable in tight loops. Fetched
/// objects are immutable and OpenSSL documents them as safe to share between
/// threads, hence `@unchecked Sendable`. They are never freed: they live in
/// globals for the whole process.
final class FetchedAlgorithm: @unchecked Sendable {
    let pointer: OpaquePointer?
    let name: String

    init(name: String, fetch: (String) -> OpaquePointer?) {
        self.name = name
        pointer = fetch(name)
        if pointer == nil { OpenSSLErrorQueue.clear() }
    }

    /// The fetched object, or an ``CryptoError/Code/unsupportedAlgorithm`` error
    /// when the provider does not offer it (a FIPS-only configuration, say).
    func require() throws -> OpaquePointer {
        guard let pointer else {
            throw CryptoError(.unsupportedAlgorithm, "\(name) is not available from OpenSSL")
        }
        return pointer
    }
}

/// The algorithms this module uses, fetched lazily (Swift globals are
/// initialised once, thread-safely, on first use).
enum FetchedAlgorithms {
    static let sha256 = FetchedAlgorithm(name: "SHA256") { EVP_MD_fetch(nil, $0, nil) }
    static let sha384 = FetchedAlgorithm(name: "SHA384") { EVP_MD_fetch(nil, $0, nil) }
    static let hmac = FetchedAlgorithm(name: "HMAC") { EVP_MAC_fetch(nil, $0, nil) }
    static let sskdf = FetchedAlgorithm(name: "SSKDF") { EVP_KDF_fetch(nil, $0, nil) }
    static let aes256GCM = FetchedAlgorithm(name: "AES-256-GCM") { EVP_CIPHER_fetch(nil, $0, nil) }

    /// The cached digest for an OpenSSL digest name.
    static func digest(named name: String) throws -> OpaquePointer {
        switch name {
        case sha256.name: try sha256.require()
        case sha384.name: try sha384.require()
        default: throw CryptoError(.unsupportedAlgorithm, "digest \(name) is not supported")
        }
    }
}
