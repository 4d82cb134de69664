/// The shared engine behind ``Base64`` and ``Base64URL``: one alphabet, strict
/// decoding.
///
/// Strict means: only alphabet characters (no whitespace, no line breaks, no
/// characters of the other alphabet), and unused bits of the last character
/// zero, so that each byte string has exactly one accepted encoding.
struct Base64Alphabet: Sendable {
    let encodeTable: [UInt8]
    let decodeTable: [UInt8]
    let pads: Bool

    static let invalid: UInt8 = 0xFF

    static let standard = Base64Alphabet(last: Array("+/".utf8), pads: true)
    static let url = Base64Alphabet(last: Array("-_".utf8), pads: false)

    private init(last: [UInt8], pads: Bool) {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8) + last
        encodeTable = table
        var decode = [UInt8](repeating: Self.invalid, count: 256)
        for (index, character) in table.enumerated() { decode[Int(character)] = UInt8(index) }
        decodeTable = decode
        self.pads = pads
    }

    func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(encodeTable[Int(chunk >> 18 & 63)])
            output.append(encodeTable[Int(chunk >> 12 & 63)])
            output.append(encodeTable[Int(chunk >> 6 & 63)])
            output.append(encodeTable[Int(chunk & 63)])
            index += 3
        }
        let remaining = bytes.count - index
        if remaining == 1 {
            let chunk = UInt32(bytes[index]) << 16
            output.append(encodeTable[Int(chunk >> 18 & 63)])
            output.append(encodeTable[Int(chunk >> 12 & 63)])
            if pads { output.append(contentsOf: Array("==".utf8)) }
        } else if remaining == 2 {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(encodeTable[Int(chunk >> 18 & 63)])
            output.append(encodeTable[Int(chunk >> 12 & 63)])
            output.append(encodeTable[Int(chunk >> 6 & 63)])
            if pads { output.append(UInt8(ascii: "=")) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes, or returns nil for anything that is not the one canonical encoding.
    func decode<Characters: Collection<UInt8>>(_ characters: Characters) -> [UInt8]? {
        let decoded = characters.withContiguousStorageIfAvailable { decode(buffer: $0) }
        return decoded ?? Array(characters).withUnsafeBufferPointer { decode(buffer: $0) }
    }

    private func decode(buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var count = buffer.count
        if pads {
            guard count % 4 == 0 else { return nil }
            if count > 0, buffer[count - 1] == UInt8(ascii: "=") { count -= 1 }
            if count > 0, buffer[count - 1] == UInt8(ascii: "=") { count -= 1 }
        }
        guard count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        let valid = decodeTable.withUnsafeBufferPointer { table -> Bool in
            for character in buffer[..<count] {
                let value = table[Int(character)]
                guard value != Self.invalid else { return false }
                accumulator = accumulator << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                }
            }
            return true
        }
        // Leftover bits (2 or 4) must be zero: otherwise two strings would decode
        // to the same bytes.
        guard valid, accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
