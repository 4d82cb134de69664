/// One chunk of a PNG file, as the art checks of the service and the SDK read
/// it: length, type, data and CRC-32 (PNG 1.2, section 5.3). What a reader
/// then requires of the file (which chunks, in which order, whether CRCs must
/// hold) is its own.
package struct PNGChunk: Sendable, Hashable {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The four-letter type, `IHDR` for example.
    package let type: String
    /// Where the chunk's data lies in the file.
    package let dataRange: Range<Int>
    /// The CRC-32 the chunk carries (over its type and data).
    package let storedCRC: UInt32
    /// Where the next chunk starts.
    package let end: Int

    /// The chunk at `offset` of `bytes`, or `nil` when its length, type, data
    /// and CRC do not all lie within `bytes`.
    package init?(in bytes: [UInt8], at offset: Int) {
        guard offset >= 0, bytes.count - offset >= 12 else { return nil }
        // Compared before the conversion: a 32-bit Int (watchOS) cannot hold
        // every length a file may claim.
        let claimed = Self.uint32(bytes, offset)
        guard UInt64(claimed) <= UInt64(bytes.count - offset - 12) else { return nil }
        let length = Int(claimed)
        type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        dataRange = (offset + 8)..<(offset + 8 + length)
        storedCRC = Self.uint32(bytes, offset + 8 + length)
        end = offset + 12 + length
    }

    /// Whether the stored CRC-32 matches the chunk's type and data in `bytes`
    /// (the file it was read from).
    package func hasValidCRC(in bytes: [UInt8]) -> Bool {
        let typeRange = (dataRange.lowerBound - 4)..<dataRange.lowerBound
        return CRC32.checksum(bytes[dataRange], continuing: CRC32.checksum(bytes[typeRange])) == storedCRC
    }

    /// The big-endian 32-bit number at `offset` (PNG's byte order).
    package static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
