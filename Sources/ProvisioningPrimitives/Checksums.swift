/// CRC-32 (ISO 3309, the checksum of every PNG chunk).
package enum CRC32 {
    @usableFromInline package static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// CRC-32 of `bytes`, continuing from `crc` (0 to start): a chunk's
    /// checksum covers its type and then its data.
    ///
    /// Inlinable so that callers in other modules get it specialized for their
    /// byte collections, not a generic loop.
    @inlinable
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32
    where Bytes.Element == UInt8 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }
}

/// Adler-32 (RFC 1950, the trailer of a zlib stream).
package enum Adler32 {
    /// Adler-32 of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        // 5552 is the largest run before b can overflow 32 bits (zlib's NMAX).
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            for byte in bytes[index..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65521
            b %= 65521
            index = end
        }
        return b << 16 | a
    }
}
