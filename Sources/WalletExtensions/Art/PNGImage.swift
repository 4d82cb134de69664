import ProvisioningPrimitives

/// The parts of a PNG file the card art check reads: the header, the
/// transparency chunk and the image data, and the alpha of a pixel.
struct PNGImage {
    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: Int
    let interlaced: Bool
    let transparency: [UInt8]?
    private let imageData: [UInt8]

    /// Reads the chunks; with `headerOnly`, a file cut after its header is enough.
    init(_ bytes: [UInt8], headerOnly: Bool = false) throws(WalletExtensionsError) {
        guard bytes.starts(with: PNGChunk.signature) else { throw Self.unreadable("no PNG signature") }
        var offset = 8
        var header: [UInt8]?
        var transparency: [UInt8]?
        var data: [UInt8] = []
        var ended = false
        while offset + 8 <= bytes.count {
            guard let chunk = PNGChunk(in: bytes, at: offset) else { throw Self.unreadable("a chunk is truncated") }
            let body = bytes[chunk.dataRange]
            switch chunk.type {
            case "IHDR": header = Array(body)
            case "tRNS": transparency = Array(body)
            case "IDAT": data.append(contentsOf: body)
            default: break
            }
            offset = chunk.end
            if chunk.type == "IEND" {
                ended = true
                break
            }
        }
        guard let header, header.count == 13 else { throw Self.unreadable("no IHDR chunk") }
        guard headerOnly || (ended && !data.isEmpty) else {
            throw Self.unreadable("the file ends before its image data")
        }
        func word(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = word(0)
        height = word(4)
        bitDepth = Int(header[8])
        colorType = Int(header[9])
        interlaced = header[12] != 0
        guard width > 0, height > 0, [0, 2, 3, 4, 6].contains(colorType) else {
            throw Self.unreadable("the header is not a valid PNG header")
        }
        self.transparency = transparency
        self.imageData = data
    }

    /// Whether any pixel can be transparent at all.
    var mayHaveTransparency: Bool { colorType == 4 || colorType == 6 || transparency != nil }

    private var channels: Int {
        switch colorType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    /// The alpha (0…255) of the four corner pixels: top-left, top-right,
    /// bottom-left, bottom-right; `nil` when this layout is not decoded here
    /// (interlaced, or under 8 bits per sample).
    func cornerAlphas() throws(WalletExtensionsError) -> [Int]? {
        guard !interlaced, bitDepth == 8 || bitDepth == 16 else { return nil }
        let bytesPerPixel = channels * bitDepth / 8
        let stride = width * bytesPerPixel
        let expected = (stride + 1) * height
        let raw = try Inflate.zlib(imageData, expectedSize: expected)
        guard raw.count >= expected else { throw Self.unreadable("the image data is truncated") }
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        var alphas: [Int] = []
        for y in 0..<height {
            let base = y * (stride + 1)
            let filter = raw[base]
            for x in 0..<stride {
                let value = raw[base + 1 + x]
                let left = x >= bytesPerPixel ? Int(row[x - bytesPerPixel]) : 0
                let up = Int(previous[x])
                let upLeft = x >= bytesPerPixel ? Int(previous[x - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                default: throw Self.unreadable("a row has an unknown filter")
                }
                row[x] = UInt8(truncatingIfNeeded: Int(value) + predictor)
            }
            if y == 0 || y == height - 1 {
                alphas.append(alpha(row, pixel: 0, bytesPerPixel: bytesPerPixel))
                alphas.append(alpha(row, pixel: width - 1, bytesPerPixel: bytesPerPixel))
            }
            swap(&previous, &row)
        }
        return height == 1 ? alphas + alphas : alphas
    }

    private func alpha(_ row: [UInt8], pixel: Int, bytesPerPixel: Int) -> Int {
        let start = pixel * bytesPerPixel
        switch colorType {
        case 4, 6:
            return Int(row[start + bytesPerPixel - bitDepth / 8])
        case 3:
            let index = Int(row[start])
            guard let transparency, index < transparency.count else { return 255 }
            return Int(transparency[index])
        default:
            // A tRNS colour key makes exactly that colour transparent.
            guard let transparency, transparency.count == bytesPerPixel else { return 255 }
            return Array(row[start..<start + bytesPerPixel]) == transparency ? 0 : 255
        }
    }

    private static func unreadable(_ reason: String) -> WalletExtensionsError {
        WalletExtensionsError(.cardArtRejected, reason)
    }
}
