/// A DEFLATE (RFC 1951) decoder for zlib streams (RFC 1950), enough to read
/// PNG image data: Foundation has no public zlib API on every platform, and
/// the kit must not link C.
struct Inflate {
    /// What every malformed stream throws: the check names the art unreadable,
    /// and where in the stream it broke would not help the issuer fix it.
    static let corrupt = WalletExtensionsError(.cardArtRejected, "the image data cannot be decompressed")

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    private init(_ input: [UInt8]) {
        self.input = input
    }

    /// Decodes a zlib stream; the Adler-32 trailer is not checked (PNG chunks
    /// carry their own CRCs, and a corrupt stream fails to decode anyway).
    static func zlib(_ data: [UInt8], expectedSize: Int) throws(WalletExtensionsError) -> [UInt8] {
        guard data.count >= 2, data[0] & 0x0F == 8, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0,
            data[1] & 0x20 == 0
        else { throw Self.corrupt }
        var decoder = Inflate(Array(data.dropFirst(2)))
        decoder.output.reserveCapacity(expectedSize)
        try decoder.run(limit: expectedSize)
        return decoder.output
    }

    private mutating func bits(_ count: Int) throws(WalletExtensionsError) -> Int {
        while bitCount < count {
            guard position < input.count else { throw Self.corrupt }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    /// A canonical Huffman code: symbol counts per length and symbols sorted by code.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(WalletExtensionsError) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private mutating func decode(_ huffman: Huffman) throws(WalletExtensionsError) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= try bits(1)
            let count = huffman.counts[length]
            if code - count < first { return huffman.symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw Self.corrupt
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private mutating func run(limit: Int) throws(WalletExtensionsError) {
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0: try stored()
            case 1:
                let lengths =
                    [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                    + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
                try codes(Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)), limit: limit)
            case 2:
                let (literal, distance) = try dynamicTables()
                try codes(literal, distance, limit: limit)
            default: throw Self.corrupt
            }
            guard output.count <= limit else { throw Self.corrupt }
        } while last == 0
    }

    private mutating func stored() throws(WalletExtensionsError) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Self.corrupt }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF, position + 4 + length <= input.count else { throw Self.corrupt }
        output.append(contentsOf: input[(position + 4)..<(position + 4 + length)])
        position += 4 + length
    }

    private mutating func dynamicTables() throws(WalletExtensionsError) -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
        let lengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Self.corrupt }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Self.corrupt }
        return (
            try Huffman(lengths: Array(lengths[0..<literalCount])),
            try Huffman(lengths: Array(lengths[literalCount...]))
        )
    }

    private mutating func codes(_ literal: Huffman, _ distance: Huffman, limit: Int) throws(WalletExtensionsError) {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < Self.lengthBase.count else { throw Self.corrupt }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let distanceSymbol = try decode(distance)
                guard distanceSymbol < Self.distanceBase.count else { throw Self.corrupt }
                let back = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                guard back <= output.count, output.count + length <= limit else { throw Self.corrupt }
                let start = output.count - back
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}
