/// Label values of one series, in the order of the metric's label names.
///
/// Label values come from a closed set chosen by the caller: a route *pattern*
/// (`/v1/issuers/{issuerId}/tokens/{tokenId}/state`), never the request path,
/// which holds identifiers; an HTTP method; a status code; an outcome name. As a
/// second line of defence, ``sanitized(_:)`` replaces any value holding a run of
/// 12 or more digits (which could be a PAN) and truncates long values.
struct MetricLabels: Hashable, Sendable, Comparable {
    let values: [String]

    /// The longest label value kept, in UTF-8 bytes.
    static let maximumValueLength = 128
    /// What replaces a value that looks like it holds a card number.
    static let redactedValue = "redacted"

    init(names: [String], labels: [String: String]) {
        values = names.map { Self.sanitized(labels[$0] ?? "") }
    }

    static func sanitized(_ value: String) -> String {
        var run = 0
        for byte in value.utf8 {
            run = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) ? run + 1 : 0
            if run >= 12 { return redactedValue }
        }
        guard value.utf8.count > maximumValueLength else { return value }
        var truncated = ""
        for character in value {
            guard truncated.utf8.count + character.utf8.count <= maximumValueLength else { break }
            truncated.append(character)
        }
        return truncated
    }

    static func < (lhs: MetricLabels, rhs: MetricLabels) -> Bool {
        lhs.values.lexicographicallyPrecedes(rhs.values)
    }

    /// `{name="value",…}` with Prometheus escaping, plus extra pairs (such as `le`)
    /// at the end; empty when there is nothing to show.
    func rendered(names: [String], extra: [(String, String)] = []) -> String {
        let pairs = zip(names, values).map { ($0, $1) } + extra
        guard !pairs.isEmpty else { return "" }
        return "{" + pairs.map { "\($0)=\"\(Self.escapeLabelValue($1))\"" }.joined(separator: ",") + "}"
    }

    static func escapeLabelValue(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
