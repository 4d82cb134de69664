import ProvisioningAPI
import ProvisioningPrimitives

/// Decodes a chunked request body (RFC 9112 §7.1) as its bytes arrive.
///
/// Strict where leniency lets two parsers disagree on where a body ends: chunk
/// sizes are hexadecimal digits (at most 16), every line ends with CRLF, a
/// chunk's data is followed by CRLF and nothing else. Chunk extensions are
/// read and dropped, at most ``maximumExtensionBytes`` per chunk line and
/// ``maximumHeadBytes`` per body; trailer fields are checked like header
/// fields and dropped, within ``maximumHeadBytes``. A body past
/// ``maximumBodyBytes`` is refused as soon as a chunk size says so.
package struct ChunkedBodyDecoder {
    private enum State {
        case size(digits: Int)
        case sizeLineEnd
        case `extension`
        case data(remaining: Int)
        case dataCR
        case dataLF
        case trailer
        case done
    }

    /// Bytes of chunk extensions one chunk line may carry.
    package static let maximumExtensionBytes = 4096

    package let maximumBodyBytes: Int
    package let maximumHeadBytes: Int
    private var state = State.size(digits: 0)
    private var size = 0
    private var extensionBytes = 0
    private var totalExtensionBytes = 0
    private var trailerBytes = 0
    /// The trailer line being read.
    private var trailerLine: [UInt8] = []
    /// The decoded body so far.
    package private(set) var body: [UInt8] = []

    package init(maximumBodyBytes: Int, maximumHeadBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumHeadBytes = maximumHeadBytes
    }

    /// Whether the last chunk and the trailer section have been read.
    package var isComplete: Bool {
        if case .done = state { true } else { false }
    }

    /// Decodes what it can of `bytes`; returns how many it consumed (all of
    /// them, unless the body ended within them).
    ///
    /// - Throws: ``ProvisioningAPI/ProblemDetails``: `bad-request` for a
    ///   framing error, `body-too-large` past the limit, `headers-too-large`
    ///   for trailers past the head limit.
    package mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .size(let digits):
                if let value = Hexadecimal.value(ofDigit: byte) {
                    guard digits < 16 else { throw Self.malformed("A chunk size has more than 16 digits.") }
                    // 16 digits fit in UInt64, not always in Int: the size is checked against the limit instead.
                    guard size <= (Int.max - 15) / 16 else { throw tooLarge }
                    size = size * 16 + Int(value)
                    state = .size(digits: digits + 1)
                } else {
                    guard digits > 0 else { throw Self.malformed("A chunk does not start with its size.") }
                    guard size <= maximumBodyBytes - body.count else { throw tooLarge }
                    switch byte {
                    case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                        extensionBytes = 1
                        state = .extension
                    case UInt8(ascii: "\r"):
                        state = .sizeLineEnd
                    default:
                        throw Self.malformed("A chunk size is not hexadecimal.")
                    }
                }
                index += 1
            case .extension:
                if byte == UInt8(ascii: "\r") {
                    state = .sizeLineEnd
                } else {
                    guard HTTPSyntax.isFieldValueByte(byte) else {
                        throw Self.malformed("A chunk extension has a control character.")
                    }
                    extensionBytes += 1
                    totalExtensionBytes += 1
                    guard extensionBytes <= Self.maximumExtensionBytes, totalExtensionBytes <= maximumHeadBytes else {
                        throw Self.malformed("The chunk extensions exceed the server's limit.")
                    }
                }
                index += 1
            case .sizeLineEnd:
                guard byte == UInt8(ascii: "\n") else {
                    throw Self.malformed("A chunk-size line does not end with CRLF.")
                }
                index += 1
                if size == 0 {
                    state = .trailer
                } else {
                    state = .data(remaining: size)
                    size = 0
                }
            case .data(let remaining):
                let count = min(remaining, bytes.count - index)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]))
                index += count
                state = remaining == count ? .dataCR : .data(remaining: remaining - count)
            case .dataCR:
                guard byte == UInt8(ascii: "\r") else { throw Self.malformed("A chunk is longer than its size.") }
                index += 1
                state = .dataLF
            case .dataLF:
                guard byte == UInt8(ascii: "\n") else { throw Self.malformed("A chunk does not end with CRLF.") }
                index += 1
                state = .size(digits: 0)
            case .trailer:
                index += 1
                trailerBytes += 1
                guard trailerBytes <= maximumHeadBytes else {
                    throw ProblemDetails(.headersTooLarge, detail: "The trailer fields exceed the server's limit.")
                }
                guard byte == UInt8(ascii: "\n") else {
                    trailerLine.append(byte)
                    continue
                }
                guard trailerLine.last == UInt8(ascii: "\r") else {
                    throw Self.malformed("A trailer line does not end with CRLF.")
                }
                trailerLine.removeLast()
                if trailerLine.isEmpty {
                    state = .done
                    return index
                }
                try Self.checkTrailer(trailerLine)
                trailerLine.removeAll(keepingCapacity: true)
            case .done:
                return index
            }
        }
        return index
    }

    /// A trailer field is a header field: `name: value`, no whitespace before
    /// the colon, no folding, no control characters.
    private static func checkTrailer(_ line: [UInt8]) throws {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            line[..<colon].allSatisfy(HTTPSyntax.isTokenByte),
            line[(colon + 1)...].allSatisfy(HTTPSyntax.isFieldValueByte)
        else {
            throw malformed("A trailer field is malformed.")
        }
    }

    private var tooLarge: ProblemDetails {
        ProblemDetails(.bodyTooLarge, detail: "The request body exceeds \(maximumBodyBytes) bytes.")
    }

    private static func malformed(_ detail: String) -> ProblemDetails {
        ProblemDetails(.badRequest, detail: detail)
    }
}
