/// The header facts of a PNG file that passed structural validation.
///
/// ``init(validating:maximumByteCount:)`` checks the signature, that the first
/// chunk is a 13-byte IHDR with a legal bit depth and colour type, that every
/// chunk is complete and its CRC-32 right, that there is image data, and that
/// the file ends with IEND. It does not inflate the image data.
package struct PNGImage: Sendable, Hashable {
    package let width: Int
    package let height: Int
    package let bitDepth: UInt8
    package let colorType: UInt8

    /// Validates `bytes`.
    ///
    /// - Throws: ``CardArtError`` `tooLarge` or `invalidImage`.
    package init(validating bytes: [UInt8], maximumByteCount: Int) throws(CardArtError) {
        guard bytes.count <= maximumByteCount else { throw CardArtError(.tooLarge, "the image is too large") }
        guard bytes.count >= 8 + 25 + 12, Array(bytes.prefix(8)) == PNGEncoder.signature else {
            throw CardArtError(.invalidImage, "not a PNG file")
        }
        var offset = 8
        var header: [UInt8]?
        var sawData = false
        var sawEnd = false
        while offset < bytes.count {
            guard !sawEnd, bytes.count - offset >= 12 else {
                throw CardArtError(.invalidImage, "the PNG has a truncated chunk or data after IEND")
            }
            let length = Int(Self.uint32(bytes, offset))
            guard length <= bytes.count - offset - 12 else {
                throw CardArtError(.invalidImage, "a PNG chunk is truncated")
            }
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let crc = Self.uint32(bytes, offset + 8 + length)
            guard Checksums.crc32(data, continuing: Checksums.crc32(type)) == crc else {
                throw CardArtError(.invalidImage, "a PNG chunk fails its CRC")
            }
            let name = String(decoding: type, as: UTF8.self)
            if header == nil {
                guard name == "IHDR", length == 13 else {
                    throw CardArtError(.invalidImage, "the PNG does not start with IHDR")
                }
                header = data
            } else if name == "IDAT" {
                sawData = true
            } else if name == "IEND" {
                sawEnd = true
            }
            offset += 12 + length
        }
        guard let header, sawData, sawEnd else { throw CardArtError(.invalidImage, "the PNG lacks image data or IEND") }
        width = Int(Self.uint32(header, 0))
        height = Int(Self.uint32(header, 4))
        bitDepth = header[8]
        colorType = header[9]
        let legalDepths: [UInt8: Set<UInt8>] = [
            0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
        ]
        guard width > 0, height > 0, legalDepths[colorType]?.contains(bitDepth) == true, header[10] == 0,
            header[11] == 0, header[12] <= 1
        else { throw CardArtError(.invalidImage, "the PNG header is not legal") }
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
