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
/// let extra = SchemaMembers.contract?.findings(in: json, schema: "TokenStateChangeRequest").unknown
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

    /// What one walk of a body against a schema found, each list sorted as the
    /// members appear (keys in order, array items by index), at most `limit`.
    package struct Findings: Hashable, Sendable {
        /// The JSON pointers (RFC 6901) of members the schema does not allow.
        package var unknown: [String] = []
        /// The JSON pointers of members the schema defines but that are `null`:
        /// the document declares no member nullable, and a decoder reads `null`
        /// as "absent", so without this `{"tokenExpiry": null}` would pass for a
        /// body without it.
        package var null: [String] = []
    }

    /// The members of `json` (as `JSONSerialization` reads it) that `schema`
    /// does not allow, and the allowed ones that are `null`. Members under an
    /// allowed name are followed into their own schema; values of the wrong
    /// type are left to the decoder.
    ///
    /// Every request body of the service and the sandbox goes through here, so
    /// the walk builds a pointer only for a member it reports.
    package func findings(in json: Any, schema: String, limit: Int = 10) -> Findings {
        var findings = Findings()
        var path: [PathComponent] = []
        walk(json, .reference(schema), path: &path, depth: 0, into: &findings, limit: limit)
        return findings
    }

    /// What a body that breaks `schema` is refused with, as both the service and
    /// the sandbox answer it (`invalid-field`): its unknown members
    /// (`unknown-member`) or, when it has none, its `null` ones (`wrong-type`),
    /// by pointer and never with a value; `nil` when it has neither.
    package func refusal(in json: Any, schema: String) -> (detail: String, fields: [FieldProblem])? {
        let found = findings(in: json, schema: schema)
        if !found.unknown.isEmpty {
            return (
                "the body has members the contract does not define",
                found.unknown.map { FieldProblem(field: $0, reason: .unknownMember) }
            )
        }
        if !found.null.isEmpty {
            return (
                "the body has null members (leave a member out instead)",
                found.null.map { FieldProblem(field: $0, reason: .wrongType) }
            )
        }
        return nil
    }

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private func walk(
        _ value: Any, _ rule: Rule, path: inout [PathComponent], depth: Int, into findings: inout Findings, limit: Int
    ) {
        guard findings.unknown.count < limit || findings.null.count < limit, depth < 32 else { return }
        switch rule {
        case .reference(let name):
            guard let resolved = schemas[name] else { return }
            walk(value, resolved, path: &path, depth: depth + 1, into: &findings, limit: limit)
        case .object(let properties, let closed):
            guard let object = value as? [String: Any] else { return }
            for key in object.keys.sorted() {
                path.append(.key(key))
                defer { path.removeLast() }
                guard let property = properties[key] else {
                    if closed, findings.unknown.count < limit { findings.unknown.append(Self.pointer(path)) }
                    continue
                }
                guard let member = object[key] else { continue }
                if member is NSNull {
                    if findings.null.count < limit { findings.null.append(Self.pointer(path)) }
                } else {
                    walk(member, property, path: &path, depth: depth + 1, into: &findings, limit: limit)
                }
            }
        case .array(let item):
            // Items without a rule of their own (strings, numbers) hold no members.
            if case .anything = item { return }
            guard let array = value as? [Any] else { return }
            for (index, element) in array.enumerated() {
                path.append(.index(index))
                defer { path.removeLast() }
                walk(element, item, path: &path, depth: depth + 1, into: &findings, limit: limit)
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

    /// The JSON pointer (RFC 6901) of `path`: keys with `~` as `~0` and `/` as `~1`.
    private static func pointer(_ path: [PathComponent]) -> String {
        var pointer = ""
        for component in path {
            pointer += "/"
            switch component {
            case .key(let key):
                pointer += key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index): pointer += String(index)
            }
        }
        return pointer
    }
}
