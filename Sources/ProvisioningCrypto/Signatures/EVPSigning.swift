import COpenSSL

/// `EVP_DigestSign` / `EVP_DigestVerify` over one ``EVPKey``, shared by ECDSA
/// and the RSA paddings. `configure` receives the key context to set padding
/// parameters; it returns false when OpenSSL refuses them.
enum EVPSigning {
    static func sign(
        _ message: [UInt8], key: EVPKey, digest: String,
        configure: (OpaquePointer) -> Bool = { _ in true }
    ) throws -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else {
            throw OpenSSLErrorQueue.error(.internalFailure, "EVP_MD_CTX_new failed")
        }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestSignInit_ex(context, &keyContext, digest, nil, nil, key.pointer, nil) == 1,
            let keyContext, configure(keyContext)
        else {
            throw OpenSSLErrorQueue.error(.internalFailure, "signature init failed")
        }
        var length = 0
        let sizeStatus = message.withUnsafeBufferPointer { input in
            EVP_DigestSign(context, nil, &length, input.baseAddress, input.count)
        }
        guard sizeStatus == 1, length > 0 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "signature size query failed")
        }
        var signature = [UInt8](repeating: 0, count: length)
        let status = message.withUnsafeBufferPointer { input in
            EVP_DigestSign(context, &signature, &length, input.baseAddress, input.count)
        }
        guard status == 1 else { throw OpenSSLErrorQueue.error(.internalFailure, "signing failed") }
        signature.removeLast(signature.count - length)
        return signature
    }

    static func verify(
        _ signature: [UInt8], message: [UInt8], key: EVPKey, digest: String,
        configure: (OpaquePointer) -> Bool = { _ in true }
    ) -> Bool {
        // Every failure, of setup or of the signature, is just "not valid" to the
        // caller; drain the queue so the reason does not leak into later errors.
        defer { OpenSSLErrorQueue.clear() }
        guard !signature.isEmpty, let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit_ex(context, &keyContext, digest, nil, nil, key.pointer, nil) == 1,
            let keyContext, configure(keyContext)
        else { return false }
        let status = signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { input in
                EVP_DigestVerify(context, sig.baseAddress, sig.count, input.baseAddress, input.count)
            }
        }
        return status == 1
    }
}
