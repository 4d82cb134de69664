import COpenSSL

/// An owned OpenSSL memory BIO, used to move PEM/DER through OpenSSL's I/O API.
final class MemoryBIO {
    let pointer: OpaquePointer

    /// An empty, writable BIO.
    init() throws {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "BIO_new failed")
        }
        pointer = bio
    }

    /// A BIO holding a copy of `bytes`, ready to be read.
    convenience init<Bytes: Collection>(_ bytes: Bytes) throws where Bytes.Element == UInt8 {
        try self.init()
        let array = Array(bytes)
        let written = array.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress, !raw.isEmpty else { return 0 }
            return BIO_write(pointer, base, Int32(raw.count))
        }
        guard written == Int32(array.count) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "BIO_write failed")
        }
    }

    deinit { BIO_free(pointer) }

    /// Everything written to the BIO so far.
    func contents() -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(pointer, BIO_CTRL_INFO, 0, &buffer)
        guard length > 0, let buffer else { return [] }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The contents as UTF-8 text (PEM output).
    func string() -> String {
        String(decoding: contents(), as: UTF8.self)
    }
}
