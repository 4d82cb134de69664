import Foundation

/// The signature header that authenticates a network notification.
///
/// Format: `X-PP-Signature: t=<unix seconds>,v1=<hex>` where `<hex>` is
/// lower-case HMAC-SHA256, keyed with the issuer's notification secret, over
/// the bytes of ``signedPayload(timestamp:body:)``: the timestamp in decimal,
/// a `.`, then the raw request body. Several `v1=` entries may be present
/// (while a secret is being rotated); one valid entry suffices. The service
/// refuses a timestamp outside ``defaultReplayWindow`` of its clock
/// (`notification-stale`) and a missing or wrong signature
/// (`notification-signature-invalid`).
///
/// This type only formats and parses the header; computing and comparing the
/// HMAC (in constant time) happens on the server, which has the crypto.
///
/// ```swift
/// let header = NotificationSignature(timestamp: 1_738_315_800, signatures: [hexMAC])
/// request.setValue(header.headerValue, forHTTPHeaderField: NotificationSignature.headerName)
/// ```
package struct NotificationSignature: Hashable, Sendable {
    /// The header's name.
    package static let headerName = "X-PP-Signature"
    /// The version tag of HMAC-SHA256 signatures.
    package static let version = "v1"
    /// How far a timestamp may be from the receiver's clock, either way.
    package static let defaultReplayWindow: Duration = .seconds(300)

    /// Seconds since 1970-01-01T00:00:00Z when the sender signed.
    package var timestamp: Int64
    /// Lower-case hex HMAC-SHA256 values.
    package var signatures: [String]

    package init(timestamp: Int64, signatures: [String]) {
        self.timestamp = timestamp
        self.signatures = signatures
    }

    /// Parses a header value.
    ///
    /// Unknown entries (another version) are ignored, so that a sender can add
    /// a new scheme before receivers know it.
    ///
    /// - Returns: `nil` when there is no single valid `t=`, or no `v1=` entry
    ///   made of 64 hex digits.
    package init?(headerValue: String) {
        var timestamp: Int64?
        var signatures: [String] = []
        for entry in headerValue.split(separator: ",") {
            let parts = entry.trimmingCharacters(in: .whitespaces).split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let key = parts[0]
            let value = String(parts[1])
            switch key {
            case "t":
                guard timestamp == nil, !value.isEmpty, value.allSatisfy(\.isASCIIDigit),
                    let seconds = Int64(value)
                else { return nil }
                timestamp = seconds
            case Substring(Self.version):
                guard value.count == 64, value.allSatisfy(\.isLowerHexDigit) else { return nil }
                signatures.append(value)
            default:
                continue
            }
        }
        guard let timestamp, !signatures.isEmpty else { return nil }
        self.init(timestamp: timestamp, signatures: signatures)
    }

    /// The header value, `t=<timestamp>,v1=<hex>[,v1=<hex>…]`.
    package var headerValue: String {
        (["t=\(timestamp)"] + signatures.map { "\(Self.version)=\($0)" }).joined(separator: ",")
    }

    /// The bytes the HMAC is computed over: `"<timestamp>." + body`.
    package static func signedPayload(timestamp: Int64, body: Data) -> Data {
        Data("\(timestamp).".utf8) + body
    }

    /// Whether ``timestamp`` lies within `window` of `now`, in either direction.
    package func isFresh(at now: Date, window: Duration = defaultReplayWindow) -> Bool {
        let limit = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        return abs(now.timeIntervalSince1970 - Double(timestamp)) <= limit
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isLowerHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) }
}
