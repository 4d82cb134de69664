import ProvisioningAPI
import ProvisioningHTTP

extension FuzzTarget {
    /// Raw bytes as a request head and, when it declares a chunked body, that
    /// body: read whole and again split into pieces (of 1 to 16 bytes, as the
    /// first byte says), as a connection would read them over several reads.
    /// Both readings must agree; `inconsistent` when they do not.
    ///
    /// The parser and the decoder without sockets, threads or a server:
    /// about fifty times as many inputs a second as `http`.
    public static let httpFraming = FuzzTarget(name: "http-framing") { input in
        guard let first = input.first else { return .refused }
        let bytes = Array(input.dropFirst())
        let whole = FramingReading(bytes, step: max(bytes.count, 1))
        let pieces = FramingReading(bytes, step: Int(first % 16) + 1)
        guard whole == pieces else { return .inconsistent }
        return whole.isComplete ? .accepted : .refused
    }
}

/// What the server's parser and chunked decoder make of some bytes, fed
/// `step` bytes more at a time.
private struct FramingReading: Equatable {
    enum Ending: Equatable {
        /// More bytes were needed.
        case incomplete
        /// Refused with this problem type.
        case refused(ProblemType)
        /// A whole request: its body (empty without one).
        case complete([UInt8])
    }

    var head: String?
    var ending: Ending = .incomplete

    var isComplete: Bool {
        if case .complete = ending { true } else { false }
    }

    init(_ bytes: [UInt8], step: Int) {
        var parser = RequestHeadParser(maximumHeadBytes: 8 * 1024)
        var available = 0
        var consumed = 0
        while head == nil {
            available = min(bytes.count, available + step)
            do {
                let outcome = try bytes[0..<available].withUnsafeBufferPointer { try parser.parse($0) }
                if case .head(let parsed, let length) = outcome {
                    head =
                        "\(parsed.method) \(parsed.path) \(parsed.query.items) \(parsed.version) \(parsed.headers)"
                        + " \(parsed.framing) \(parsed.keepAlive) \(parsed.expectsContinue)"
                    consumed = length
                    if let refusal = parsed.refusal {
                        ending = .refused(refusal.type)
                        return
                    }
                    guard case .chunked = parsed.framing else {
                        ending = .complete([])
                        return
                    }
                }
            } catch {
                ending = .refused((error as? ProblemDetails)?.type ?? .internal)
                return
            }
            if head == nil, available == bytes.count { return }
        }
        var decoder = ChunkedBodyDecoder(maximumBodyBytes: 64 * 1024, maximumHeadBytes: 8 * 1024)
        var offset = consumed
        while offset < bytes.count, !decoder.isComplete {
            let end = min(bytes.count, offset + step)
            do {
                offset += try bytes[offset..<end].withUnsafeBufferPointer { try decoder.decode($0) }
            } catch {
                ending = .refused((error as? ProblemDetails)?.type ?? .internal)
                return
            }
        }
        ending = decoder.isComplete ? .complete(decoder.body) : .incomplete
    }
}
