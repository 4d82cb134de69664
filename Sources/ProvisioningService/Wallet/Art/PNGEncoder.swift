import ProvisioningPrimitives

/// A minimal PNG writer for generated card art: 8-bit indexed colour, one
/// IDAT chunk holding a zlib stream of stored (uncompressed) deflate blocks.
///
/// Stored blocks keep the encoder small and obviously correct; indexed colour
/// keeps the files at about one byte per pixel, well inside the card-art size
/// limit. Any PNG decoder reads the result.
///
/// ```swift
/// let png = try PNGEncoder.indexed(width: 2, height: 1, palette: [(255, 0, 0), (0, 0, 255)], pixels: [0, 1])
/// ```
enum PNGEncoder {
    /// Encodes `pixels` (palette indexes, row by row).
    ///
    /// - Throws: ``ServiceError`` `internal` when the sizes, palette or
    ///   pixel count do not fit together.
    static func indexed(
        width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], pixels: [UInt8]
    ) throws(ServiceError) -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 14, height <= 1 << 14, (1...256).contains(palette.count),
            pixels.count == width * height, pixels.allSatisfy({ Int($0) < palette.count })
        else { throw ServiceError(.internal, "the image parameters are inconsistent") }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 3, 0, 0, 0]  // bit depth 8, colour type 3 (indexed), deflate, adaptive filters, no interlace
        var raw: [UInt8] = []
        raw.reserveCapacity((width + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter type None
            raw += pixels[(row * width)..<((row + 1) * width)]
        }
        var output = PNGChunk.signature
        output += chunk("IHDR", header)
        output += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] })
        output += chunk("IDAT", zlibStored(raw))
        output += chunk("IEND", [])
        return output
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(0xFFFF, data.count - offset)
            let isFinal = offset + length == data.count
            output.append(isFinal ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        output += bigEndian(Adler32.checksum(data))
        return output
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data
            + bigEndian(CRC32.checksum(data, continuing: CRC32.checksum(typeBytes)))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
