import Foundation

/// Writes ProvisioningAPI's wire types — the schemas of the OpenAPI document,
/// the one definition of the wire format — as Swift: an object as a structure
/// with its memberwise initializer (``WireSchema``), an enumerated string as
/// an enumeration or, for an open set, an extensible one
/// (``WireEnumerationSchema``). It is the build tool of the `WireTypes`
/// plugin.
///
/// Vendor extensions of a schema speak to Swift: `x-swift-access: public`
/// for the types the SDK's public API hands to apps (`package` otherwise),
/// `x-swift-generate: false` for a type written by hand.
///
/// Written by hand, each type said its members three times: the schema, the
/// stored properties, and an initializer (Swift synthesizes one only at
/// `internal` access, and the service, the sandbox and the SDK build these
/// types from other modules). Generated, a member added to a schema is a
/// member of the type at the next build, with its documentation; what a type
/// does beyond its members is written in an extension beside the others.
///
/// ```sh
/// WireTypeGenerator Sources/ProvisioningAPI/openapi.json WireTypes.swift
/// ```
@main
struct WireTypeGenerator {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: WireTypeGenerator OPENAPI_JSON OUTPUT_SWIFT\n".utf8))
            exit(64)
        }
        do {
            let source = try generate(document: try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
            try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("error: WireTypeGenerator: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The Swift file for `document`: a declaration per object or enumerated
    /// string schema.
    static func generate(document: Data) throws(GeneratorFailure) -> String {
        guard case .object(let schemas)? = try OrderedJSON.parse(Array(document))["components"]?["schemas"] else {
            throw GeneratorFailure("openapi.json has no components.schemas")
        }
        var parts = [
            "// Generated from openapi.json by WireTypeGenerator (the WireTypes build-tool",
            "// plugin) at every build: do not edit, edit the schema.",
            "",
            "import Foundation",
            "import ProvisioningPrimitives",
        ]
        for schema in schemas {
            if let object = try WireSchema(name: schema.key, schema: schema.value) {
                parts += ["", object.swiftSource]
            } else if let enumeration = try WireEnumerationSchema(name: schema.key, schema: schema.value) {
                parts += ["", enumeration.swiftSource]
            }
        }
        return parts.joined(separator: "\n") + "\n"
    }

    /// Whether a vendor extension is `false`.
    static func isFalse(_ value: OrderedJSON?) -> Bool {
        if case .bool(false)? = value { true } else { false }
    }

    /// A declaration's lines up to its closing brace: `summary` as its
    /// documentation, `header` (through the `{`), then each line of `body`
    /// indented and documented with its own summary.
    static func declaration(_ summary: String, _ header: String, body: [(summary: String, line: String)]) -> [String] {
        var lines = documentation(summary, indent: "") + [header]
        for item in body {
            lines += documentation(item.summary, indent: "    ") + ["    " + item.line]
        }
        return lines
    }

    /// `text` as a doc comment indented by `indent`, line for line.
    private static func documentation(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? indent + "///" : indent + "/// " + line
        }
    }
}
