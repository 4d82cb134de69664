import COpenSSL

/// Runs an `i2d_*`-style encoder twice (length, then bytes) and returns the DER.
func encodeDER(
    _ context: String, _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
)
    throws -> [UInt8]
{
    let length = encode(nil)
    guard length > 0 else { throw OpenSSLErrorQueue.error(.internalFailure, "\(context): encoding failed") }
    var output = [UInt8](repeating: 0, count: Int(length))
    let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
        var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
        return encode(&cursor)
    }
    guard written == length else { throw OpenSSLErrorQueue.error(.internalFailure, "\(context): encoding failed") }
    return output
}

/// Runs a `d2i_*`-style decoder over `bytes`, requiring it to consume all of them.
func decodeDER<Result>(
    _ bytes: [UInt8], _ context: String,
    _ decode: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> Result?,
    release: (Result) -> Void
) throws -> Result {
    guard !bytes.isEmpty else { throw CryptoError(.invalidEncoding, "\(context): empty input") }
    return try bytes.withUnsafeBufferPointer { buffer in
        var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
        guard let value = decode(&cursor, buffer.count) else {
            throw OpenSSLErrorQueue.error(.invalidEncoding, "\(context): not valid DER")
        }
        // Trailing bytes after a valid structure are a malformed input, not padding.
        if let cursor, let base = buffer.baseAddress, cursor - base != buffer.count {
            release(value)
            OpenSSLErrorQueue.clear()
            throw CryptoError(.invalidEncoding, "\(context): trailing bytes after DER structure")
        }
        return value
    }
}
