/// One object schema of the OpenAPI document, and the Swift type made of it:
/// a stored property per member, in the document's order, optional when the
/// member is not `required`, documented with the member's `description`.
///
/// `x-swift-memberwise-init: false` leaves the initializer out: the type has
/// one of its own that keeps a rule, which no other may bypass.
struct WireSchema {
    /// A member: its name, its Swift type (`?` when optional) and its description.
    typealias Member = (name: String, type: String, summary: String)

    let name: String
    /// The schema's description: the type's documentation.
    let summary: String
    /// `package`, or the schema's `x-swift-access`.
    let access: String
    let hasMemberwiseInit: Bool
    let members: [Member]

    /// The schema, or `nil` when it is not an object (`type: object`) or is
    /// written by hand (`x-swift-generate: false`).
    ///
    /// - Throws: ``GeneratorFailure`` for an object the generator cannot
    ///   declare: without members, composed (`allOf`, `oneOf`, `anyOf`), a
    ///   `required` name that is no member, a member name that is no Swift
    ///   identifier, a schema or member without a description (it is the
    ///   type's documentation), or a member whose Swift type the document
    ///   does not determine (an inline object, say).
    init?(name: String, schema: OrderedJSON) throws(GeneratorFailure) {
        guard schema["type"]?.string == "object", !WireTypeGenerator.isFalse(schema["x-swift-generate"]) else {
            return nil
        }
        guard case .object(let properties)? = schema["properties"], !properties.isEmpty,
            schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil
        else { throw GeneratorFailure("\(name): an object without members of its own (or x-swift-generate: false)") }
        let summary = try WireTypeGenerator.description(of: schema, at: name)
        var required: Set<String> = []
        if case .array(let names)? = schema["required"] { required = Set(names.compactMap(\.string)) }
        if let unknown = required.first(where: { key in !properties.contains { $0.key == key } }) {
            throw GeneratorFailure("\(name): required names \(unknown), which is no member")
        }
        self.name = name
        self.summary = summary
        self.access = schema["x-swift-access"]?.string ?? "package"
        self.hasMemberwiseInit = !WireTypeGenerator.isFalse(schema["x-swift-memberwise-init"])
        self.members = try properties.map { property throws(GeneratorFailure) in
            let path = "\(name).\(property.key)"
            let type = try Self.swiftType(of: property.value, at: path)
            let summary = try WireTypeGenerator.description(of: property.value, at: path)
            return (
                try WireTypeGenerator.identifier(property.key, at: path),
                required.contains(property.key) ? type : type + "?", summary
            )
        }
    }

    /// The Swift type of a member: a `$ref` is the type named after the
    /// schema; a string is `Date` (`format: date-time`), `Data` (base64) or
    /// `String` (enumerated strings too: their Swift type is a `String`
    /// unless the document gives them a schema of their own).
    private static func swiftType(of member: OrderedJSON, at path: String) throws(GeneratorFailure) -> String {
        if let reference = member["$ref"]?.string, let name = reference.split(separator: "/").last {
            return String(name)
        }
        switch member["type"]?.string {
        case "string":
            if member["format"]?.string == "date-time" { return "Date" }
            if member["contentEncoding"]?.string == "base64" || member["format"]?.string == "byte" { return "Data" }
            return "String"
        case "integer": return "Int"
        case "boolean": return "Bool"
        case "number": return "Double"
        case "array":
            guard let items = member["items"] else { throw GeneratorFailure("\(path): an array without items") }
            return "[" + (try swiftType(of: items, at: path + "[]")) + "]"
        default:
            throw GeneratorFailure("\(path): no Swift type for this member (give it a schema of its own)")
        }
    }

    /// The declaration of the type.
    var swiftSource: String {
        var lines = WireTypeGenerator.declaration(
            summary, "\(access) struct \(name): Codable, Hashable, Sendable {",
            body: members.map { ($0.summary, "\(access) var \($0.name): \($0.type)") })
        if hasMemberwiseInit {
            lines += [
                "",
                "    /// A value with every member given; an optional one defaults to `nil`.",
                "    ///",
                "    /// - Parameters:",
            ]
            lines += members.map { member in
                "    ///   - \(member.name): " + member.summary.split(separator: "\n").joined(separator: " ")
            }
            lines.append("    \(access) init(")
            lines += members.enumerated().map { index, member in
                "        \(member.name): \(member.type)" + (member.type.hasSuffix("?") ? " = nil" : "")
                    + (index == members.count - 1 ? "" : ",")
            }
            lines.append("    ) {")
            lines += members.map { "        self.\($0.name) = \($0.name)" }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
