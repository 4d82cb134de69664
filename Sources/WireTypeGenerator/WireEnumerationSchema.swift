/// One enumerated string schema of the OpenAPI document, and the Swift
/// enumeration made of it: a case per value, documented with the schema's
/// `x-enum-descriptions` and named by its `x-enum-varnames` (the vendor
/// extensions OpenAPI Generator reads too) or else by the value in lower
/// camel case (`REQUIRES_ACTIVATION` is `requiresActivation`).
///
/// The enumeration adopts `WireEnumeration`: it is sent as its value and read
/// regardless of case.
struct WireEnumerationSchema {
    /// A case: its Swift name, its value on the wire and its description.
    typealias Case = (name: String, value: String, summary: String)

    let name: String
    /// The schema's description: the type's documentation.
    let summary: String
    /// `package`, or the schema's `x-swift-access`.
    let access: String
    let cases: [Case]

    /// The schema, or `nil` when it is not an enumerated string or is written
    /// by hand (`x-swift-generate: false`).
    ///
    /// - Throws: ``GeneratorFailure`` when the description, or a description
    ///   or name per value, is missing.
    init?(name: String, schema: OrderedJSON) throws(GeneratorFailure) {
        guard case .array(let values)? = schema["enum"], !WireTypeGenerator.isFalse(schema["x-swift-generate"]) else {
            return nil
        }
        guard let summary = schema["description"]?.string else { throw GeneratorFailure("\(name): no description") }
        let texts = values.compactMap(\.string)
        guard texts.count == values.count, schema["type"]?.string == "string" else {
            throw GeneratorFailure("\(name): an enumeration of other values than strings")
        }
        let summaries = Self.strings(schema["x-enum-descriptions"]) ?? []
        guard summaries.count == texts.count else {
            throw GeneratorFailure("\(name): x-enum-descriptions must describe each of the \(texts.count) values")
        }
        let names = Self.strings(schema["x-enum-varnames"]) ?? texts.map(Self.caseName)
        guard names.count == texts.count else {
            throw GeneratorFailure("\(name): x-enum-varnames must name each of the \(texts.count) values")
        }
        self.name = name
        self.summary = summary
        self.access = schema["x-swift-access"]?.string ?? "package"
        self.cases = (0..<texts.count).map { (names[$0], texts[$0], summaries[$0]) }
    }

    private static func strings(_ value: OrderedJSON?) -> [String]? {
        guard case .array(let elements)? = value else { return nil }
        return elements.compactMap(\.string)
    }

    /// `REQUIRES_ACTIVATION` → `requiresActivation`.
    private static func caseName(_ value: String) -> String {
        let words = value.lowercased().split(separator: "_")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map(\.capitalized).joined()
    }

    /// The declaration of the enumeration.
    var swiftSource: String {
        let lines = WireTypeGenerator.declaration(
            summary, "\(access) enum \(name): String, WireEnumeration {",
            body: cases.map { ($0.summary, "case \($0.name) = \"\($0.value)\"") })
        return (lines + ["}"]).joined(separator: "\n")
    }
}
