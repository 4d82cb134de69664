import Foundation

/// The parts of a PNG file the SDK checks before handing art to an app: the
/// signature, an `IHDR` chunk with a valid CRC and sane dimensions, and an
/// `IEND` chunk at the end (a truncated download fails here, not in the UI).
struct PNGHeader: Hashable, Sendable {
    var width: Int
    var height: Int

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    /// Larger art than this is refused rather than decoded.
    static let maximumSide = 8192

    init(parsing data: Data) throws(DigitalCardError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 25 + Self.iend.count, Array(bytes[0..<8]) == Self.signature else {
            throw DigitalCardError(.invalidFormat, "the card art is not a PNG image")
        }
        let length = Self.uint32(bytes, 8)
        guard length == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw DigitalCardError(.invalidFormat, "the card art has no PNG header")
        }
        guard CRC32.checksum(bytes[12..<29]) == Self.uint32(bytes, 29) else {
            throw DigitalCardError(.invalidFormat, "the card art's PNG header is corrupt")
        }
        guard Array(bytes.suffix(Self.iend.count)) == Self.iend else {
            throw DigitalCardError(.invalidFormat, "the card art is truncated")
        }
        let width = Int(Self.uint32(bytes, 16))
        let height = Int(Self.uint32(bytes, 20))
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw DigitalCardError(.invalidFormat, "the card art has unusable dimensions")
        }
        self.width = width
        self.height = height
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}

/// CRC-32 (ISO 3309, as PNG uses it).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    static func checksum<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
