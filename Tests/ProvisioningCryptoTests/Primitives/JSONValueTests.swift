import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct JSONValueTests {
    @Test func decodesEachJSONKindToItsCase() throws {
        let json = #"{"a":1,"b":true,"c":1.5,"d":null,"e":[0,"x"],"f":{"g":false},"h":9007199254740993}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let expected: JSONValue = .object([
            "a": .integer(1), "b": .bool(true), "c": .number(1.5), "d": .null,
            "e": .array([.integer(0), .string("x")]), "f": .object(["g": .bool(false)]),
            "h": .integer(9_007_199_254_740_993),
        ])
        #expect(value == expected)
    }

    @Test func numbersAreIntegersExactlyWhenIntegralAndWithinInt64() throws {
        let json =
            #"{"a":1.0,"b":1e2,"c":-0,"d":9223372036854775807,"e":9223372036854775808,"f":-1.5e-3,"g":"1","h":false}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let expected: JSONValue = .object([
            "a": .integer(1), "b": .integer(100), "c": .integer(0), "d": .integer(.max),
            "e": .number(9_223_372_036_854_775_808), "f": .number(-0.0015), "g": .string("1"), "h": .bool(false),
        ])
        #expect(value == expected)
    }

    @Test func encodesAndDecodesBackToTheSameValue() throws {
        let value: JSONValue = .object(["list": .array([.integer(-3), .number(0.25), .null, .string("é/\"")])])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
