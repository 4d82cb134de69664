import Foundation

/// The members each schema of the OpenAPI document allows, so that a request
/// body carrying others is refused, as the document's `additionalProperties:
/// false` says, instead of having them silently ignored (a top-level `cvv` on
/// a provisioning request, say).
///
/// Read from the document itself, the one definition of the wire format: a
/// member added to a schema is allowed at once, with no list to keep beside it.
///
/// ```swift
/// let extra = SchemaMembers.contract?.unknownMembers(in: json, schema: "TokenStateChangeRequest")
/// // ["/cvv"]
/// ```
package struct SchemaMembers: Sendable {
    indirect enum Rule: Sendable {
        case reference(String)
        /// `closed`: `additionalProperties: false`.
        case object(properties: [String: Rule], closed: Bool)
        case array(Rule)
        case anything
    }

    private let schemas: [String: Rule]

    /// The rules of this module's own document (compiled in), or `nil` when it
    /// cannot be read.
    package static let contract: SchemaMembers? = try? SchemaMembers(document: OpenAPIDocument.data())

    /// Reads `#/components/schemas` of an OpenAPI document.
    ///
    /// - Throws: ``ProvisioningAPIError`` `malformed-document` when the document
    ///   holds no schemas.
    package init(document: Data) throws(ProvisioningAPIError) {
        guard let root = try? JSONSerialization.jsonObject(with: document) as? [String: Any],
            let components = root["components"] as? [String: Any],
            let schemas = components["schemas"] as? [String: Any]
        else { throw ProvisioningAPIError(.malformedDocument, "the OpenAPI document has no component schemas") }
        self.schemas = schemas.compactMapValues { ($0 as? [String: Any]).map(Self.rule) }
    }

    /// Whether the document defines `schema`.
    package func defines(_ schema: String) -> Bool { schemas[schema] != nil }

    /// The JSON pointers (RFC 6901) of the members of `json` (as
    /// `JSONSerialization` reads it) that `schema` does not allow, sorted, at
    /// most `limit`. Members under an allowed name are followed into their own
    /// schema; values of the wrong type are left to the decoder.
    package func unknownMembers(in json: Any, schema: String, limit: Int = 10) -> [String] {
        var found: [String] = []
        collect(json, .reference(schema), pointer: "", depth: 0, into: &found, limit: limit, finding: .unknown)
        return found
    }

    /// The JSON pointers of the members of `json` that `schema` defines but
    /// that are `null`, sorted, at most `limit`. The document declares no
    /// member nullable, and a decoder reads `null` as "absent": without this
    /// check `{"tokenExpiry": null}` would pass for a body without it.
    package func nullMembers(in json: Any, schema: String, limit: Int = 10) -> [String] {
        var found: [String] = []
        collect(json, .reference(schema), pointer: "", depth: 0, into: &found, limit: limit, finding: .null)
        return found
    }

    private enum Finding { case unknown, null }

    private func collect(
        _ value: Any, _ rule: Rule, pointer: String, depth: Int, into found: inout [String], limit: Int,
        finding: Finding
    ) {
        guard found.count < limit, depth < 32 else { return }
        switch rule {
        case .reference(let name):
            guard let resolved = schemas[name] else { return }
            collect(value, resolved, pointer: pointer, depth: depth + 1, into: &found, limit: limit, finding: finding)
        case .object(let properties, let closed):
            guard let object = value as? [String: Any] else { return }
            for key in object.keys.sorted() {
                let child = pointer + "/" + Self.escape(key)
                if let property = properties[key], let member = object[key] {
                    if member is NSNull {
                        if finding == .null, found.count < limit { found.append(child) }
                    } else {
                        collect(
                            member, property, pointer: child, depth: depth + 1, into: &found, limit: limit,
                            finding: finding)
                    }
                } else if closed, finding == .unknown, found.count < limit {
                    found.append(child)
                }
            }
        case .array(let item):
            guard let array = value as? [Any] else { return }
            for (index, element) in array.enumerated() {
                collect(
                    element, item, pointer: pointer + "/\(index)", depth: depth + 1, into: &found, limit: limit,
                    finding: finding)
            }
        case .anything:
            return
        }
    }

    private static func rule(_ schema: [String: Any]) -> Rule {
        if let reference = schema["$ref"] as? String {
            return .reference(reference.split(separator: "/").last.map(String.init) ?? reference)
        }
        if let properties = schema["properties"] as? [String: Any] {
            return .object(
                properties: properties.compactMapValues { ($0 as? [String: Any]).map(rule) },
                closed: (schema["additionalProperties"] as? Bool) == false)
        }
        if let items = schema["items"] as? [String: Any] { return .array(rule(items)) }
        return .anything
    }

    /// RFC 6901: `~` as `~0`, `/` as `~1`.
    private static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
