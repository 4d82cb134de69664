/// Rules for the `X-Request-Id` header.
///
/// An incoming identifier is kept only when it is 1–128 characters drawn from
/// `A-Z a-z 0-9 - _ . : @`, so it can be echoed and logged without enabling
/// header or log injection; anything else is replaced by a generated one.
public enum RequestIdentifier {
    /// The header carrying the identifier, in both directions.
    public static let headerName = "X-Request-Id"

    /// The longest client-supplied identifier that is kept.
    public static let maximumLength = 128

    /// Whether `candidate` may be adopted as the request's identifier.
    public static func isAcceptable(_ candidate: String) -> Bool {
        let utf8 = candidate.utf8
        guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "@"):
                true
            default:
                false
            }
        }
    }

    /// A new random identifier: 32 lowercase hex digits (128 bits).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    /// The client's identifier when acceptable, otherwise a generated one.
    public static func resolve(incoming: String?) -> String {
        if let incoming, isAcceptable(incoming) { return incoming }
        return generate()
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
