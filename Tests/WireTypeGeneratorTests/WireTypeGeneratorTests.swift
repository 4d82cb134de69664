import Foundation
import ProvisioningAPI
import Testing

@testable import WireTypeGenerator

/// The generator's reading of a document; that its output compiles and
/// round-trips the contract is what every other suite checks.
@Suite(.timeLimit(.minutes(3))) struct WireTypeGeneratorTests {
    private static func generated(_ schemas: String) throws -> String {
        try WireTypeGenerator.generate(document: Data(#"{"components": {"schemas": {\#(schemas)}}}"#.utf8))
    }

    private static func failure(_ schemas: String) -> String? {
        do {
            _ = try generated(schemas)
            return nil
        } catch let failure as GeneratorFailure {
            return failure.description
        } catch {
            return "\(error)"
        }
    }

    @Test func membersKeepTheDocumentsOrderAndOnlyOptionalOnesDefault() throws {
        let source = try Self.generated(
            #"""
            "Sample": {"type": "object", "description": "A sample.", "required": ["zulu", "mike"],
              "properties": {
                "zulu": {"type": "string", "format": "date-time", "description": "Z."},
                "alpha": {"type": "array", "items": {"$ref": "#/components/schemas/Other"}, "description": "A."},
                "mike": {"type": "string", "contentEncoding": "base64", "description": "M."}}}
            """#)
        #expect(source.contains("package struct Sample: Codable, Hashable, Sendable {"))
        #expect(source.contains("/// Z.\n    package var zulu: Date\n    /// A.\n    package var alpha: [Other]?\n"))
        #expect(
            source.contains(
                "package init(\n        zulu: Date,\n        alpha: [Other]? = nil,\n        mike: Data\n    )"))
    }

    @Test func vendorExtensionsSetAccessAndLeaveOutWhatIsHandWritten() throws {
        let source = try Self.generated(
            #"""
            "Open": {"type": "object", "description": "O.", "x-swift-access": "public",
              "properties": {"a": {"type": "integer", "description": "A."}}},
            "Ruled": {"type": "object", "description": "R.", "x-swift-memberwise-init": false,
              "properties": {"b": {"type": "boolean", "description": "B."}}},
            "ByHand": {"type": "object", "description": "H.", "x-swift-generate": false,
              "properties": {"c": {"type": "number", "description": "C."}}}
            """#)
        #expect(source.contains("public struct Open") && source.contains("public init(\n        a: Int? = nil"))
        #expect(source.contains("package var b: Bool?") && !source.contains("b: Bool? = nil"))
        #expect(!source.contains("ByHand"))
    }

    @Test func enumerationCasesAreNamedFromTheirValuesUnlessTheDocumentNamesThem() throws {
        let source = try Self.generated(
            #"""
            "State": {"type": "string", "description": "S.", "enum": ["REQUIRES_ACTIVATION", "UP"],
              "x-enum-descriptions": ["Waiting.", "Working."]},
            "Kind": {"type": "string", "description": "K.", "enum": ["IPHONE"], "x-enum-varnames": ["iPhone"],
              "x-enum-descriptions": ["A phone."]}
            """#)
        #expect(source.contains("package enum State: String, WireEnumeration {"))
        #expect(source.contains("/// Waiting.\n    case requiresActivation = \"REQUIRES_ACTIVATION\""))
        #expect(source.contains("case iPhone = \"IPHONE\""))
    }

    @Test func anOpenSetBecomesAnExtensibleEnumerationOfItsKnownValues() throws {
        let source = try Self.generated(
            #"""
            "Reason": {"type": "string", "description": "R.", "examples": ["wrong-type", "token.suspend"],
              "x-enum-descriptions": ["Wrong.", "Suspended."]}
            """#)
        #expect(source.contains("package struct Reason: ExtensibleEnumeration, Codable {"))
        #expect(source.contains("/// Wrong.\n    package static let wrongType = Reason(rawValue: \"wrong-type\")"))
        #expect(source.contains("package static let tokenSuspend = Reason(rawValue: \"token.suspend\")"))
        #expect(!source.contains("enum Reason"))
    }

    @Test func aSchemaTheGeneratorCannotTypeOrDocumentFailsTheBuild() {
        #expect(
            Self.failure(#""A": {"type": "object", "properties": {"x": {"type": "string"}}}"#) == "A: no description")
        #expect(
            Self.failure(#""A": {"type": "object", "description": "A.", "properties": {"x": {"type": "string"}}}"#)
                == "A.x: no description")
        #expect(
            Self.failure(
                #""A": {"type": "object", "description": "A.", "properties": {"x": {"type": "object", "description": "X."}}}"#
            )?.hasPrefix("A.x: no Swift type") == true)
        #expect(
            Self.failure(
                #""E": {"type": "string", "description": "E.", "enum": ["A", "B"], "x-enum-descriptions": ["A."]}"#)
                == "E: x-enum-descriptions must describe each of the 2 values")
        #expect(
            Self.failure(
                #""A": {"type": "object", "description": "A.", "required": ["y"], "properties": {"x": {"type": "string", "description": "X."}}}"#
            )
                == "A: required names y, which is no member")
        #expect(
            Self.failure(#""A": {"type": "object", "description": "A."}"#)?.hasPrefix("A: an object without members")
                == true)
        #expect(
            Self.failure(
                #""A": {"type": "object", "description": "A.", "properties": {"x-y": {"type": "string", "description": "X."}}}"#
            )
                == "A.x-y: x-y is not usable as a Swift name")
        #expect(
            Self.failure(
                #""E": {"type": "string", "description": "E.", "enum": ["IN_APP", "in-app"], "x-enum-descriptions": ["A.", "B."]}"#
            )
                == "E: two values with one name (give them x-enum-varnames)")
        #expect(Self.failure(#""A": {"type": "object", "description": "A.""#)?.contains("not JSON") == true)
    }

    @Test func namesAndValuesAreWrittenAsSwiftReadsThem() throws {
        let source = try Self.generated(
            #"""
            "Odd": {"type": "object", "description": "First line\rsecond line.",
              "properties": {"default": {"type": "string", "description": "D."}}},
            "Quoted": {"type": "string", "description": "Q.", "enum": ["A\"B\\C"], "x-enum-varnames": ["quoted"],
              "x-enum-descriptions": ["Q."]}
            """#)
        #expect(source.contains("/// First line\n/// second line."))
        #expect(source.contains("package var `default`: String?"))
        #expect(source.contains("self.`default` = `default`"))
        #expect(source.contains(#"case quoted = "A\"B\\C""#))
    }

    @Test func textThatIsNotStrictJSONIsRefused() {
        for text in [
            #"{"a": 1, "a": 2}"#, #"{"a": "\ud800\u0041"}"#, #"{"a": "\udc00"}"#, "{\"a\": \"\u{1}\"}", #"{"a": 01}"#,
            #"{"a": -}"#, #"{"a": 1.}"#, #"{"a": 1e}"#, #"{"a": .5}"#,
        ] {
            #expect(throws: GeneratorFailure.self, "\(text)") { try OrderedJSON.parse(Array(text.utf8)) }
        }
        #expect(throws: GeneratorFailure.self) { try OrderedJSON.parse([0x22, 0xFF, 0x22]) }
        for text in [#"-0.5e+3"#, #"0"#, #"[1E2, -10]"#] {
            #expect(throws: Never.self, "\(text)") { try OrderedJSON.parse(Array(text.utf8)) }
        }
    }

    /// Foundation's parser, which the generator cannot use because it loses
    /// member order, reads the contract's document to the same values.
    @Test func theContractReadsAsFoundationReadsIt() throws {
        let document = OpenAPIDocument.data()
        func foundation(_ value: OrderedJSON) -> Any {
            switch value {
            case .object(let members):
                Dictionary(members.map { ($0.key, foundation($0.value)) }, uniquingKeysWith: { first, _ in first })
            case .array(let elements): elements.map(foundation)
            case .string(let text): text
            case .number(let text): Double(text).map { NSNumber(value: $0) } ?? NSNull()
            case .bool(let flag): flag
            case .null: NSNull()
            }
        }
        let ours = try OrderedJSON.parse(Array(document))
        let theirs = try JSONSerialization.jsonObject(with: document)
        let options: JSONSerialization.WritingOptions = [.sortedKeys]
        #expect(
            try JSONSerialization.data(withJSONObject: foundation(ours), options: options)
                == JSONSerialization.data(withJSONObject: theirs, options: options))
        let escaped = try OrderedJSON.parse(Array(#"{"b": "\u00e9\ud83d\ude00\n\"", "a": [1, true, null]}"#.utf8))
        guard case .object(let members) = escaped else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members.first?.value.string == "é😀\n\"")
    }
}
