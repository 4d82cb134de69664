import Foundation
import ProvisioningPrimitives

/// The parts of a PNG file the SDK checks before handing art to an app: the
/// signature, an `IHDR` chunk with a valid CRC and sane dimensions, and an
/// `IEND` chunk at the end (a truncated download fails here, not in the UI).
struct PNGHeader: Hashable, Sendable {
    var width: Int
    var height: Int

    private static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    /// Larger art than this is refused rather than decoded.
    static let maximumSide = 8192

    init(parsing data: Data) throws(DigitalCardError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 25 + Self.iend.count, Array(bytes[0..<8]) == PNGChunk.signature else {
            throw DigitalCardError(.invalidFormat, "the card art is not a PNG image")
        }
        guard let header = PNGChunk(in: bytes, at: 8), header.dataRange.count == 13, header.type == "IHDR" else {
            throw DigitalCardError(.invalidFormat, "the card art has no PNG header")
        }
        guard header.hasValidCRC(in: bytes) else {
            throw DigitalCardError(.invalidFormat, "the card art's PNG header is corrupt")
        }
        guard Array(bytes.suffix(Self.iend.count)) == Self.iend else {
            throw DigitalCardError(.invalidFormat, "the card art is truncated")
        }
        let width = Int(PNGChunk.uint32(bytes, 16))
        let height = Int(PNGChunk.uint32(bytes, 20))
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw DigitalCardError(.invalidFormat, "the card art has unusable dimensions")
        }
        self.width = width
        self.height = height
    }
}
