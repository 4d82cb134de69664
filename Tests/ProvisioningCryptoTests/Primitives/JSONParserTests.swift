import Foundation
import Testing

@testable import ProvisioningCrypto

/// `JSONValue(parsing:)` against RFC 8259 and against Foundation's decoder, which
/// it replaces on the request path.
@Suite(.timeLimit(.minutes(3))) struct JSONParserTests {
    static let validDocuments = [
        #"{"a":1,"b":true,"c":1.5,"d":null,"e":[0,"x"],"f":{"g":false},"h":9007199254740993}"#,
        #"{"a":1.0,"b":1e2,"c":-0,"d":9223372036854775807,"e":9223372036854775808,"f":-1.5e-3,"g":"1"}"#,
        #" { "alg" : "ES256" , "kid":"k-1","typ":"JWT" } "#,
        #"{"s":"tab\tnew\nquote\"slash\/back\\uni\u00e9\ud83d\ude00end"}"#,
        #"{"emoji":"😀","accent":"é","cjk":"日本"}"#,
        #"[1,[2,[3,[4,{}]]],[],{"":""}]"#,
        #""just a string""#, "42", "-7.25e+1", "true", "false", "null",
        #"{"big":1.7976931348623157e308,"small":5e-324,"neg":-9223372036854775808}"#,
        #"{"aud":["service","other"],"exp":1700000300,"iat":1700000000,"jti":"x"}"#,
    ]

    @Test(arguments: validDocuments)
    func parsesEveryValidDocumentAsTheDecoderDoes(document: String) throws {
        let parsed = try JSONValue(parsing: Array(document.utf8))
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(document.utf8))
        #expect(parsed == decoded)
    }

    static let invalidDocuments: [(String, CryptoError.Code)] = [
        ("", .jsonSyntax), (" ", .jsonSyntax), ("{", .jsonSyntax), (#"{"a":1,}"#, .jsonSyntax), ("[1,]", .jsonSyntax),
        ("[1 2]", .jsonSyntax), (#"{"a" 1}"#, .jsonSyntax), ("{a:1}", .jsonSyntax), ("{'a':1}", .jsonSyntax),
        ("01", .jsonSyntax), ("1.", .jsonSyntax), (".5", .jsonSyntax), ("-", .jsonSyntax), ("+1", .jsonSyntax),
        ("1e", .jsonSyntax),
        ("1e+", .jsonSyntax), ("0x10", .jsonSyntax), ("NaN", .jsonSyntax), ("Infinity", .jsonSyntax),
        ("1e999", .jsonSyntax),
        ("tru", .jsonSyntax), ("nul", .jsonSyntax), ("truex", .jsonSyntax), ("{} x", .jsonSyntax),
        (#""abc"#, .jsonSyntax),
        ("\"a\u{01}b\"", .jsonSyntax), (#""\x41""#, .jsonSyntax), (#""\u12""#, .jsonSyntax),
        (#""\u12G4""#, .jsonSyntax),
        (#""\ud800""#, .jsonInvalidUnicode), (#""\ud800\u0041""#, .jsonInvalidUnicode),
        (#""\udc00""#, .jsonInvalidUnicode),
        (#"{"a":1,"a":2}"#, .jsonDuplicateKey), (#"{"x":{"a":1,"b":2,"a":3}}"#, .jsonDuplicateKey),
        (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), .jsonTooDeep),
    ]

    @Test(arguments: invalidDocuments)
    func refusesInvalidDocumentsWithTheirCode(document: String, code: CryptoError.Code) {
        #expect(CryptoError.code { try JSONValue(parsing: Array(document.utf8)) } == code)
    }

    @Test func refusesBytesThatAreNotUTF8InsideStrings() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]] {
            let document = Array(#"{"a":""#.utf8) + bad + Array(#""}"#.utf8)
            let error = #expect(throws: CryptoError.self) { try JSONValue(parsing: document) }
            #expect(error?.code == .jsonInvalidUnicode)
            #expect(error?.offset == 6)
        }
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONValue.maximumParsingDepth
        let document = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONValue(parsing: Array(document.utf8)) }
    }

    /// Mutations of valid documents (deterministic): whatever the parser accepts,
    /// Foundation accepts with the same value, and the parser refuses only what
    /// Foundation refuses or what it is documented to refuse in addition.
    @Test func agreesWithFoundationOnMutatedDocuments() throws {
        var generator = PrimitivesFixtures.Garbage(state: 0x5EED)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \truefalsn"#.utf8) + [0x00, 0x7F, 0xC3, 0xA9]
        var accepted = 0
        for round in 0..<4000 {
            var bytes = Array(Self.validDocuments[round % Self.validDocuments.count].utf8)
            for _ in 0...(generator.next() % 3) {
                let position = Int(generator.next() % UInt64(bytes.count + 1))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1 where position < bytes.count: bytes.remove(at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
            do {
                let parsed = try JSONValue(parsing: bytes)
                accepted += 1
                #expect(
                    foundation.map { Self.equivalent(parsed, $0) } == true,
                    "round \(round) \(String(decoding: bytes, as: UTF8.self).debugDescription) \(bytes)")
            } catch {
                // Foundation also stops at a NUL byte and ignores what follows.
                let documentedExtra: Set<CryptoError.Code> = [.jsonDuplicateKey, .jsonInvalidUnicode, .jsonTooDeep]
                #expect(
                    foundation == nil || documentedExtra.contains(error.code) || bytes.contains(0),
                    "round \(round): \(error) \(String(decoding: bytes, as: UTF8.self).debugDescription) \(bytes)")
            }
        }
        // The mutations must exercise both sides.
        #expect(accepted > 100 && accepted < 3900)
    }
}

extension JSONParserTests {
    /// Equal, except that a number may be an integer on one side and the same
    /// `Double` on the other: Foundation reads -9223372036854775808 as a `Double`.
    static func equivalent(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.array(let l), .array(let r)): l.count == r.count && zip(l, r).allSatisfy { equivalent($0, $1) }
        case (.object(let l), .object(let r)):
            l.count == r.count && l.allSatisfy { key, value in r[key].map { equivalent(value, $0) } ?? false }
        case (.integer, .number), (.number, .integer): left.doubleValue == right.doubleValue
        default: left == right
        }
    }
}
