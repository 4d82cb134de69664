/// A parsed route pattern such as `/v1/issuers/:issuerId/tokens/:tokenId/state`.
///
/// Segments starting with `:` capture one decoded path segment under that name;
/// every other segment must match exactly (after decoding). A bare `:` is literal.
package struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    /// The pattern as written (with any router base path), used in logs and metrics.
    package let description: String

    package init(_ pattern: String) {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        self.segments = parts.map { part in
            if part.count > 1, part.first == ":" {
                return .parameter(String(part.dropFirst()))
            }
            return .literal(String(part))
        }
        self.description = "/" + parts.joined(separator: "/")
    }

    /// The number of literal segments; more specific patterns win over parameters.
    var specificity: Int {
        segments.reduce(0) { count, segment in
            if case .literal = segment { return count + 1 }
            return count
        }
    }

    /// The captured parameters when `components` match, otherwise `nil`.
    func match(_ components: [String]) -> PathParameters? {
        guard components.count == segments.count else { return nil }
        var captured: [(name: String, value: String)] = []
        for (segment, component) in zip(segments, components) {
            switch segment {
            case .literal(let literal):
                guard literal == component else { return nil }
            case .parameter(let name):
                guard !component.isEmpty else { return nil }
                captured.append((name, component))
            }
        }
        return PathParameters(captured)
    }

    func prefixed(by base: RoutePattern) -> RoutePattern {
        RoutePattern(base.description + description)
    }
}
