/// One enumerated string schema of the OpenAPI document, and the Swift type
/// made of it: a value per known string, documented with the schema's
/// `x-enum-descriptions` and named by its `x-enum-varnames` (the vendor
/// extensions OpenAPI Generator reads too) or else by the string in lower
/// camel case (`REQUIRES_ACTIVATION` is `requiresActivation`, `token.suspend`
/// is `tokenSuspend`).
///
/// A closed set (`enum`) becomes an enumeration that adopts `WireEnumeration`:
/// sent as its value and read regardless of case. An open set — an
/// "extensible enum": a plain string whose known values are its `examples`,
/// as Zalando's API guidelines now spell it, each described in
/// `x-enum-descriptions` — becomes an `ExtensibleEnumeration` structure with a
/// static member per known value, which keeps any other string as it is.
struct WireEnumerationSchema {
    /// A case: its Swift name, its value on the wire and its description.
    typealias Case = (name: String, value: String, summary: String)

    let name: String
    /// The schema's description: the type's documentation.
    let summary: String
    /// `package`, or the schema's `x-swift-access`.
    let access: String
    let cases: [Case]
    /// Whether other strings are allowed (the values are `examples`).
    let isOpen: Bool

    /// The schema, or `nil` when it is not an enumerated string, closed or
    /// open, or is written by hand (`x-swift-generate: false`).
    ///
    /// - Throws: ``GeneratorFailure`` when the description, or a description
    ///   or name per value, is missing.
    init?(name: String, schema: OrderedJSON) throws(GeneratorFailure) {
        // An open set's examples are its values only when each is described.
        let isOpen = schema["enum"] == nil
        let declared = isOpen ? (schema["x-enum-descriptions"] == nil ? nil : schema["examples"]) : schema["enum"]
        guard case .array(let values)? = declared, !WireTypeGenerator.isFalse(schema["x-swift-generate"]) else {
            return nil
        }
        let summary = try WireTypeGenerator.description(of: schema, at: name)
        let texts = values.compactMap(\.string)
        guard schema["type"]?.string == "string" else {
            throw GeneratorFailure("\(name): an enumeration not of type string")
        }
        guard texts.count == values.count else { throw GeneratorFailure("\(name): a value that is not a string") }
        let summaries = Self.strings(schema["x-enum-descriptions"]) ?? []
        guard summaries.count == texts.count else {
            throw GeneratorFailure("\(name): x-enum-descriptions must describe each of the \(texts.count) values")
        }
        let names = try (Self.strings(schema["x-enum-varnames"]) ?? texts.map(Self.caseName)).map {
            caseName throws(GeneratorFailure) in try WireTypeGenerator.identifier(caseName, at: "\(name).\(caseName)")
        }
        guard names.count == texts.count else {
            throw GeneratorFailure("\(name): x-enum-varnames must name each of the \(texts.count) values")
        }
        guard Set(names).count == names.count, Set(texts).count == texts.count else {
            throw GeneratorFailure("\(name): two values with one name (give them x-enum-varnames)")
        }
        self.name = name
        self.summary = summary
        self.access = schema["x-swift-access"]?.string ?? "package"
        self.cases = (0..<texts.count).map { (names[$0], texts[$0], summaries[$0]) }
        self.isOpen = isOpen
    }

    private static func strings(_ value: OrderedJSON?) -> [String]? {
        guard case .array(let elements)? = value else { return nil }
        return elements.compactMap(\.string)
    }

    /// `REQUIRES_ACTIVATION` → `requiresActivation`, `wrong-type` → `wrongType`.
    private static func caseName(_ value: String) -> String {
        let words = value.lowercased().split { "_-.".contains($0) }
        return (words.first.map(String.init) ?? "") + words.dropFirst().map(\.capitalized).joined()
    }

    /// The declaration of the type.
    var swiftSource: String {
        guard isOpen else {
            let lines = WireTypeGenerator.declaration(
                summary, "\(access) enum \(name): String, WireEnumeration {",
                body: cases.map { ($0.summary, "case \($0.name) = " + WireTypeGenerator.literal($0.value)) })
            return (lines + ["}"]).joined(separator: "\n")
        }
        let members = cases.map { item in
            (
                item.summary,
                "\(access) static let \(item.name) = \(name)(rawValue: \(WireTypeGenerator.literal(item.value)))"
            )
        }
        let lines = WireTypeGenerator.declaration(
            summary, "\(access) struct \(name): ExtensibleEnumeration, Codable {",
            body: [
                ("The string.", "\(access) let rawValue: String"),
                (
                    "The value of `rawValue`, known or not.",
                    "\(access) init(rawValue: String) { self.rawValue = rawValue }"
                ),
            ] + members)
        return (lines + ["}"]).joined(separator: "\n")
    }
}
