/// Splits concatenated DER values (`cat leaf.der intermediate.der`) into one
/// slice per top-level TLV, so a chain seed is just its certificates back to back.
///
/// Any length that does not fit is cut at the end of the input: the splitter
/// itself never refuses, so the fuzzer reaches the certificate parser with
/// whatever it produced.
enum DERSequenceSplitter {
    static func split(_ bytes: [UInt8], maximumParts: Int) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var index = 0
        while index < bytes.count, parts.count < maximumParts {
            let start = index
            index += 1  // tag
            guard index < bytes.count else {
                parts.append(Array(bytes[start...]))
                break
            }
            let first = Int(bytes[index])
            index += 1
            var length = first
            if first & 0x80 != 0 {
                let count = first & 0x7F
                length = 0
                for _ in 0..<min(count, 4) where index < bytes.count {
                    length = length << 8 | Int(bytes[index])
                    index += 1
                }
            }
            let end = min(bytes.count, index + length)
            parts.append(Array(bytes[start..<end]))
            index = end
        }
        return parts
    }
}
