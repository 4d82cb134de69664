/// An RFC 9457 problem document, the body of every error response
/// (`Content-Type: application/problem+json`).
///
/// Extension members are flattened next to the standard ones; a member that
/// collides with a standard name is dropped rather than overriding it.
///
/// ```json
/// {"type":"urn:pushprovisioning:problem:not-found","title":"Not Found","status":404,
///  "detail":"No route matches this path.","instance":"/v1/x","requestId":"6f1c..."}
/// ```
package struct ProblemDetails: Sendable, Equatable, Codable {
    /// A JSON value for extension members.
    package enum Value: Sendable, Equatable, Codable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case array([Value])
        case object([String: Value])
        case null

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int.self) {
                self = .int(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            case .null: try container.encodeNil()
            }
        }
    }

    /// The media type of a problem document.
    package static let mediaType = "application/problem+json"

    static let standardMembers: Set<String> = ["type", "title", "status", "detail", "instance"]

    /// A URI identifying the problem type; stable, so clients can switch on it.
    package var type: String
    /// A short summary that does not change between occurrences.
    package var title: String
    package var status: Int
    /// An explanation of this occurrence, safe to show to the client.
    package var detail: String?
    /// A URI reference for this occurrence; the server uses the request path.
    package var instance: String?
    /// Additional members, such as `requestId` or `allowedMethods`.
    package var extensions: [String: Value]

    package init(
        type: String, title: String, status: Int, detail: String? = nil, instance: String? = nil,
        extensions: [String: Value] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.extensions = extensions
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { self.stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        // RFC 9457 §3.1: a missing type means "about:blank".
        self.type = try container.decodeIfPresent(String.self, forKey: MemberKey("type")) ?? "about:blank"
        self.title = try container.decodeIfPresent(String.self, forKey: MemberKey("title")) ?? ""
        self.status = try container.decodeIfPresent(Int.self, forKey: MemberKey("status")) ?? 0
        self.detail = try container.decodeIfPresent(String.self, forKey: MemberKey("detail"))
        self.instance = try container.decodeIfPresent(String.self, forKey: MemberKey("instance"))
        var extensions: [String: Value] = [:]
        for key in container.allKeys where !Self.standardMembers.contains(key.stringValue) {
            extensions[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        self.extensions = extensions
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(type, forKey: MemberKey("type"))
        try container.encode(title, forKey: MemberKey("title"))
        try container.encode(status, forKey: MemberKey("status"))
        try container.encodeIfPresent(detail, forKey: MemberKey("detail"))
        try container.encodeIfPresent(instance, forKey: MemberKey("instance"))
        for (name, value) in extensions where !Self.standardMembers.contains(name) {
            try container.encode(value, forKey: MemberKey(name))
        }
    }
}
