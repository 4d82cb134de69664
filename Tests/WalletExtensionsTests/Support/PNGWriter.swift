import Foundation

/// Writes small test PNGs: 8-bit grey (opaque by construction) or grey with
/// alpha, zlib-wrapped in stored (uncompressed) deflate blocks.
enum PNGWriter {
    /// A `width` × `height` image; with `transparentCorners`, grey + alpha
    /// with the four corner pixels fully transparent (rounded art).
    static func image(
        width: Int = 1536, height: Int = 969, alpha: Bool = false, transparentCorners: Bool = false,
        interlaced: Bool = false
    ) -> Data {
        let channels = alpha ? 2 : 1
        func explicitRow() -> [UInt8] {
            var row: [UInt8] = [0]
            for x in 0..<width {
                row.append(0x80)
                if alpha { row.append(transparentCorners && (x == 0 || x == width - 1) ? 0 : 255) }
            }
            return row
        }
        // The first and last rows are written out (filter "none"); the rows
        // between use filter "up" with zero differences, copies of the first,
        // so the decoder's unfiltering is exercised.
        let upRow = [UInt8](repeating: 0, count: width * channels + 1).enumerated().map {
            $0.offset == 0 ? 2 : $0.element
        }
        var raw: [UInt8] = []
        raw.reserveCapacity((width * channels + 1) * height)
        for y in 0..<height {
            raw += y == 0 || y == height - 1 ? explicitRow() : upRow
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(contentsOf: word(width))
        header.append(contentsOf: word(height))
        header.append(contentsOf: [8, alpha ? 4 : 0, 0, 0, interlaced ? 1 : 0])
        png.append(chunk("IHDR", header))
        png.append(chunk("IDAT", zlibStored(raw)))
        png.append(chunk("IEND", Data()))
        return png
    }

    private static func word(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var typed = Data(type.utf8)
        typed.append(body)
        var out = Data(word(body.count))
        out.append(typed)
        out.append(contentsOf: word(Int(crc32(typed))))
        return out
    }

    private static func zlibStored(_ raw: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            let last: UInt8 = offset + length == raw.count ? 1 : 0
            out.append(last)
            out.append(contentsOf: [
                UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF),
            ])
            out.append(contentsOf: raw[offset..<offset + length])
            offset += length
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.append(contentsOf: word(Int(b << 16 | a)))
        return out
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
