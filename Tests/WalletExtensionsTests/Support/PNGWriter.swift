import Foundation
import ProvisioningPrimitives

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
        out.append(contentsOf: word(Int(CRC32.checksum(typed))))
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
        out.append(contentsOf: word(Int(Adler32.checksum(raw))))
        return out
    }
}
