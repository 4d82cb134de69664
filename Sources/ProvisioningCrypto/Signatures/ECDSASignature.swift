import COpenSSL

/// An ECDSA signature over P-256: the pair (r, s).
///
/// Two encodings are in use: DER (`SEQUENCE { INTEGER r, INTEGER s }`: X.509,
/// CMS, `openssl dgst`) and raw `r ‖ s` with each value left-padded to 32 bytes
/// (JWS ES256).
///
/// ```swift
/// let signature = try key.signature(for: message)
/// let jwsBytes = signature.rawRepresentation   // 64 bytes
/// let der = signature.derRepresentation
/// ```
package struct ECDSASignature: Sendable, Hashable {
    /// Length of the raw `r ‖ s` form.
    package static let rawByteCount = 64

    /// `r ‖ s`, each a 32-byte big-endian integer.
    package let rawRepresentation: [UInt8]

    /// Wraps a raw `r ‖ s` signature.
    /// - Throws: ``CryptoError/Code/invalidEncoding`` unless exactly 64 bytes.
    package init(rawRepresentation: [UInt8]) throws {
        guard rawRepresentation.count == Self.rawByteCount else {
            throw CryptoError(.invalidEncoding, "raw ECDSA signature must be 64 bytes")
        }
        self.rawRepresentation = rawRepresentation
    }

    /// Parses a DER `ECDSA-Sig-Value`.
    ///
    /// Only canonical DER is accepted (minimal lengths and integers, no trailing
    /// bytes, no negative values), and r and s must fit in 32 bytes. High-S values
    /// are accepted, as OpenSSL's verification accepts them.
    /// - Throws: ``CryptoError/Code/invalidEncoding``.
    package init(derRepresentation: [UInt8]) throws {
        let signature = try decodeDER(
            derRepresentation, "ECDSA signature",
            { cursor, length in d2i_ECDSA_SIG(nil, cursor, length) },
            release: { ECDSA_SIG_free($0) })
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        guard let r, let s, BN_is_negative(r) == 0, BN_is_negative(s) == 0,
            BN_num_bits(r) <= 256, BN_num_bits(s) <= 256
        else {
            throw CryptoError(.invalidEncoding, "ECDSA signature values out of range")
        }
        var raw = [UInt8](repeating: 0, count: Self.rawByteCount)
        let written = raw.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return BN_bn2binpad(r, base, 32) == 32 && BN_bn2binpad(s, base + 32, 32) == 32
        }
        guard written else { throw OpenSSLErrorQueue.error(.internalFailure, "BN_bn2binpad failed") }
        // d2i tolerates some BER forms; re-encoding and comparing keeps one
        // accepted encoding per signature (no malleability through encoding).
        guard Self.encodeDER(raw) == derRepresentation else {
            throw CryptoError(.invalidEncoding, "ECDSA signature is not canonical DER")
        }
        rawRepresentation = raw
    }

    /// The DER `ECDSA-Sig-Value` encoding.
    package var derRepresentation: [UInt8] {
        Self.encodeDER(rawRepresentation)
    }

    static func encodeDER(_ raw: [UInt8]) -> [UInt8] {
        let r = encodeInteger(raw[0..<32])
        let s = encodeInteger(raw[32..<64])
        // At most 2 × 35 content bytes: the short length form always fits.
        return [0x30, UInt8(r.count + s.count)] + r + s
    }

    private static func encodeInteger(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(magnitude.drop(while: { $0 == 0 }))
        if bytes.isEmpty { bytes = [0] }
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return [0x02, UInt8(bytes.count)] + bytes
    }
}
