import ProvisioningPrimitives

/// Percent-decoding shared by path segments and query items.
enum PercentDecoding {
    /// Decodes `%HH` escapes; malformed escapes are kept literally, and bytes that
    /// are not UTF-8 become U+FFFD rather than failing the request.
    static func decode<S: StringProtocol>(_ text: S) -> String {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"),
                let first = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), first != utf8.endIndex,
                let second = utf8.index(first, offsetBy: 1, limitedBy: utf8.endIndex), second != utf8.endIndex,
                let high = Hexadecimal.value(ofDigit: utf8[first]), let low = Hexadecimal.value(ofDigit: utf8[second])
            {
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
