import ProvisioningPrimitives

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
    /// - Throws: ``ServiceError`` `body-too-large`, or `invalid-field` (``ServiceError/artRefused(_:reason:)``).
    package init(validating bytes: [UInt8], maximumByteCount: Int) throws(ServiceError) {
        guard bytes.count <= maximumByteCount else { throw ServiceError(.bodyTooLarge, "the image is too large") }
        guard bytes.count >= 8 + 25 + 12, Array(bytes.prefix(8)) == PNGChunk.signature else {
            throw ServiceError.artRefused("not a PNG file")
        }
        var offset = 8
        var header: [UInt8]?
        var sawData = false
        var sawEnd = false
        while offset < bytes.count {
            guard !sawEnd, bytes.count - offset >= 12 else {
                throw ServiceError.artRefused("the PNG has a truncated chunk or data after IEND")
            }
            guard let chunk = PNGChunk(in: bytes, at: offset) else {
                throw ServiceError.artRefused("a PNG chunk is truncated")
            }
            guard chunk.hasValidCRC(in: bytes) else {
                throw ServiceError.artRefused("a PNG chunk fails its CRC")
            }
            if header == nil {
                guard chunk.type == "IHDR", chunk.dataRange.count == 13 else {
                    throw ServiceError.artRefused("the PNG does not start with IHDR")
                }
                header = Array(bytes[chunk.dataRange])
            } else if chunk.type == "IDAT" {
                sawData = true
            } else if chunk.type == "IEND" {
                sawEnd = true
            }
            offset = chunk.end
        }
        guard let header, sawData, sawEnd else { throw ServiceError.artRefused("the PNG lacks image data or IEND") }
        width = Int(PNGChunk.uint32(header, 0))
        height = Int(PNGChunk.uint32(header, 4))
        bitDepth = header[8]
        colorType = header[9]
        let legalDepths: [UInt8: Set<UInt8>] = [
            0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
        ]
        guard width > 0, height > 0, legalDepths[colorType]?.contains(bitDepth) == true, header[10] == 0,
            header[11] == 0, header[12] <= 1
        else { throw ServiceError.artRefused("the PNG header is not legal") }
    }
}
