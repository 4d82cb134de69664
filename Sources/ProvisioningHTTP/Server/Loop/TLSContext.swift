import COpenSSLShims

/// The server's TLS credentials loaded into OpenSSL once, shared by every
/// event loop; each accepted connection gets a session of its own.
///
/// The private key lives only inside OpenSSL's context; it never appears in
/// errors or logs.
final class TLSContext: @unchecked Sendable {
    // Unchecked: OpenSSL's SSL_CTX is safe to share once configured; it is
    // only read (SSL_new) after init.
    private let context: OpaquePointer

    /// - Throws: ``HTTPError`` `startFailed` when the chain or key does not
    ///   parse or the key does not match the leaf certificate.
    init(_ credentials: HTTPServer.TLS) throws {
        let made: OpaquePointer? = credentials.certificateChainPEM.utf8CString.withUnsafeBufferPointer { chain in
            credentials.privateKeyPEM.utf8CString.withUnsafeBufferPointer { key in
                pp_tls_server_context_new(chain.baseAddress, chain.count - 1, key.baseAddress, key.count - 1)
            }
        }
        guard let made else {
            throw HTTPError(
                .startFailed, reason: "The TLS certificate chain or private key was refused (PEM, matching pair).")
        }
        context = made
    }

    deinit {
        pp_tls_server_context_free(context)
    }

    /// A new session on an accepted socket, or `nil` when OpenSSL cannot make one.
    func session(on descriptor: Int32) -> OpaquePointer? {
        pp_tls_server_session_new(context, descriptor)
    }
}
