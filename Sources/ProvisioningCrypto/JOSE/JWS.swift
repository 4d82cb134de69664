/// A JSON Web Signature in compact serialization (RFC 7515 §7.1):
/// `BASE64URL(header).BASE64URL(payload).BASE64URL(signature)`.
///
/// Parsing (``init(compactSerialization:maximumLength:)``) checks the shape
/// only; nothing in ``payload`` is trustworthy until ``verifySignature(with:allowedAlgorithms:)``
/// or ``verifySignature(using:allowedAlgorithms:)`` has returned.
///
/// Algorithms: ES256 (signature is raw `r ‖ s`, 64 bytes, not DER), RS256 and
/// PS256. `none`, HMAC and anything else are refused. The header's `jwk`,
/// `jku`, `x5u` and `x5c` members are never used to find a key.
///
/// ```swift
/// let token = try JWS.sign(payload: body, algorithm: .es256, key: .p256(key), keyID: "k1")
/// let jws = try JWS(compactSerialization: token)
/// let signer = try jws.verifySignature(using: trustedKeys)
/// ```
package struct JWS: Sendable {
    /// The default size limit for a compact serialization: 16 KiB.
    package static let defaultMaximumLength = 16 * 1024

    /// The decoded protected header.
    package let header: JOSEHeader
    /// The decoded payload bytes.
    package let payload: [UInt8]
    /// The decoded signature bytes.
    package let signature: [UInt8]
    /// ASCII `BASE64URL(header).BASE64URL(payload)`: what the signature covers.
    let signingInput: [UInt8]

    /// Splits and decodes a compact serialization without verifying it.
    ///
    /// - Throws: ``CryptoError`` with ``CryptoError/Code/oversize`` (checked first),
    ///   ``CryptoError/Code/malformed`` (not three non-empty base64url segments with
    ///   a JSON-object header that has a string `alg`) or
    ///   ``CryptoError/Code/unsupportedCriticalHeader``.
    package init(compactSerialization: String, maximumLength: Int = JWS.defaultMaximumLength) throws {
        guard compactSerialization.utf8.count <= maximumLength else {
            throw CryptoError(.oversize, "token longer than \(maximumLength) bytes")
        }
        // One copy into contiguous bytes: splitting and slicing String.UTF8View
        // walks it a byte at a time, which cost more than the JSON parsing.
        var token = compactSerialization
        let bytes = token.withUTF8 { Array($0) }
        let dot = UInt8(ascii: ".")
        guard let firstDot = bytes.firstIndex(of: dot),
            let secondDot = bytes[(firstDot + 1)...].firstIndex(of: dot),
            !bytes[(secondDot + 1)...].contains(dot)
        else { throw CryptoError(.malformed, "compact JWS needs three segments") }
        let segments = [bytes[..<firstDot], bytes[(firstDot + 1)..<secondDot], bytes[(secondDot + 1)...]]
        guard !segments[0].isEmpty, !segments[2].isEmpty else {
            throw CryptoError(.malformed, "empty header or signature segment")
        }
        func decode(_ segment: ArraySlice<UInt8>, _ name: String) throws -> [UInt8] {
            guard let bytes = Base64Alphabet.url.decode(segment) else {
                throw CryptoError(.malformed, "\(name) segment is not base64url")
            }
            return bytes
        }
        let headerBytes = try decode(segments[0], "header")
        payload = try decode(segments[1], "payload")
        signature = try decode(segments[2], "signature")
        signingInput = Array(bytes[..<secondDot])
        header = try JOSEHeader(jsonObject: JOSEJSON.decodeObject(headerBytes, "JWS header"))
        guard header.critical == nil else {
            throw CryptoError(.unsupportedCriticalHeader, "crit header present; no extension is supported")
        }
    }

    /// Verifies the signature with one key.
    ///
    /// Checks, in order: `alg` is allowed and implemented, the JWK's `use` is
    /// "sig" (if set), the JWK's own `alg` (if set) equals the header's, the key
    /// type fits `alg`, and the signature.
    /// - Throws: ``CryptoError`` with ``CryptoError/Code/unsupportedAlgorithm``,
    ///   ``CryptoError/Code/keyUsageMismatch``, ``CryptoError/Code/algorithmKeyMismatch``
    ///   or ``CryptoError/Code/invalidSignature``.
    package func verifySignature(
        with key: JWK, allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.supported
    ) throws {
        let algorithm = header.algorithm
        guard allowedAlgorithms.contains(algorithm), JWSAlgorithm.supported.contains(algorithm) else {
            throw CryptoError(.unsupportedAlgorithm, "alg \(Self.printable(algorithm.rawValue)) is not accepted")
        }
        if let use = key.use, use != "sig" { throw CryptoError(.keyUsageMismatch, "key is not for signatures") }
        if let keyAlgorithm = key.algorithm, keyAlgorithm != algorithm {
            throw CryptoError(.algorithmKeyMismatch, "key is restricted to another alg")
        }
        guard algorithm.fits(key.publicKey) else {
            throw CryptoError(.algorithmKeyMismatch, "key type does not fit alg \(algorithm)")
        }
        let valid: Bool
        switch key.publicKey {
        case .p256(let publicKey):
            if let raw = try? ECDSASignature(rawRepresentation: signature) {
                valid = publicKey.isValidSignature(raw, for: signingInput)
            } else {
                valid = false
            }
        case .rsa(let publicKey):
            let padding: RSA.SignaturePadding = algorithm == .ps256 ? .pssSHA256 : .pkcs1v15SHA256
            valid = publicKey.isValidSignature(signature, for: signingInput, padding: padding)
        }
        guard valid else { throw CryptoError(.invalidSignature, "signature does not verify") }
    }

    /// Picks the key from `keys` (``JWKSet/verificationKey(for:)``) and verifies.
    /// - Returns: The key that verified.
    /// - Throws: ``CryptoError`` as ``verifySignature(with:allowedAlgorithms:)``,
    ///   plus ``CryptoError/Code/unknownKey`` and ``CryptoError/Code/missingKeyID``.
    @discardableResult
    package func verifySignature(
        using keys: JWKSet, allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.supported
    ) throws -> JWK {
        // Refuse the algorithm before looking at keys, so `none` and HMAC tokens
        // always get the same answer whatever the set holds.
        guard allowedAlgorithms.contains(header.algorithm), JWSAlgorithm.supported.contains(header.algorithm) else {
            throw CryptoError(.unsupportedAlgorithm, "alg \(Self.printable(header.algorithm.rawValue)) is not accepted")
        }
        let key = try keys.verificationKey(for: header)
        try verifySignature(with: key, allowedAlgorithms: allowedAlgorithms)
        return key
    }

    /// Signs `payload` and returns the compact serialization.
    ///
    /// - Parameters:
    ///   - header: The protected header; `alg` must fit the key (`crit` is refused).
    ///   - key: A P-256 key for ES256, an RSA key for RS256 or PS256.
    /// - Throws: ``CryptoError/Code/unsupportedAlgorithm``,
    ///   ``CryptoError/Code/unsupportedCriticalHeader``,
    ///   ``CryptoError/Code/algorithmKeyMismatch``, or the signing primitive's code.
    package static func sign(payload: [UInt8], header: JOSEHeader, key: AnyPrivateKey) throws -> String {
        guard JWSAlgorithm.supported.contains(header.algorithm) else {
            throw CryptoError(.unsupportedAlgorithm, "alg \(printable(header.algorithm.rawValue)) cannot sign")
        }
        guard header.critical == nil else { throw CryptoError(.unsupportedCriticalHeader, "crit is not supported") }
        guard header.algorithm.fits(key.publicKey) else {
            throw CryptoError(.algorithmKeyMismatch, "key type does not fit alg \(header.algorithm)")
        }
        let signingInput =
            Base64URL.encode(try JOSEJSON.encode(header)) + "." + Base64URL.encode(payload)
        let input = Array(signingInput.utf8)
        let signature: [UInt8]
        switch key {
        case .p256(let privateKey):
            signature = try privateKey.signature(for: input).rawRepresentation
        case .rsa(let privateKey):
            let padding: RSA.SignaturePadding = header.algorithm == .ps256 ? .pssSHA256 : .pkcs1v15SHA256
            signature = try privateKey.signature(for: input, padding: padding)
        }
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Signs with a header of `alg`, and `kid` and `typ` when given.
    package static func sign(
        payload: [UInt8], algorithm: JWSAlgorithm, key: AnyPrivateKey, keyID: String? = nil, type: String? = nil
    ) throws -> String {
        try sign(payload: payload, header: JOSEHeader(algorithm: algorithm, keyID: keyID, type: type), key: key)
    }

    /// An `alg` value fit for an error detail: attacker-supplied, so bounded.
    static func printable(_ value: String) -> String {
        value.count <= 16 && value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? value : "(invalid)"
    }
}
