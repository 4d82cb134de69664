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

    /// A schema's `description`, with its line breaks as `\n` only (a lone
    /// `\r` would end a doc comment's line in Swift).
    ///
    /// - Throws: ``GeneratorFailure`` when there is none: it is the
    ///   documentation of the declaration.
    static func description(of schema: OrderedJSON, at path: String) throws(GeneratorFailure) -> String {
        guard let text = schema["description"]?.string, !text.isEmpty else {
            throw GeneratorFailure("\(path): no description")
        }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// `name` as a Swift identifier, in backquotes where it is a keyword.
    ///
    /// - Throws: ``GeneratorFailure`` for a name that is no identifier
    ///   (`x-y`, `2fa`) or one Swift does not allow even in backquotes.
    static func identifier(_ name: String, at path: String) throws(GeneratorFailure) -> String {
        let ascii = Array(name.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) || byte == UInt8(ascii: "_") }
        guard let first = ascii.first, isLetter(first),
            ascii.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) }),
            !["self", "Self", "super", "init", "deinit", "subscript", "_"].contains(name)
        else { throw GeneratorFailure("\(path): \(name) is not usable as a Swift name") }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "enum", "extension", "fileprivate", "func", "import", "inout", "internal", "let",
        "open", "operator", "package", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any",
        "as", "await", "false", "is", "nil", "throws", "true", "try",
    ]

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
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
