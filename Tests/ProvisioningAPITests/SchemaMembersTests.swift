import Foundation
import ProvisioningAPI
import Testing

/// The members the contract allows, read from the OpenAPI document itself.
@Suite(.timeLimit(.minutes(3))) struct SchemaMembersTests {
    static func members() throws -> SchemaMembers {
        try #require(SchemaMembers.contract, "the module's OpenAPI document cannot be read")
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func aBodyWithOnlyDefinedMembersHasNoUnknownOnes() throws {
        let body = try Self.json(
            #"{"action":"SUSPEND","tokenRequestorId":"4001","scheme":"VISA","authorizationCode":"x"}"#)
        #expect(try Self.members().findings(in: body, schema: "TokenStateChangeRequest").unknown == [])
    }

    @Test func unknownMembersAreNamedByPointerAtEveryDepth() throws {
        let body = try Self.json(
            #"""
            {"eventId":"e","issuerId":"i","tokenId":"t","event":"SUSPENDED","state":"SUSPENDED",
             "occurredAt":"2026-01-01T00:00:00.000Z","cvv":"1",
             "device":{"id":"d","type":"PHONE","name":"n","a/b~c":true}}
            """#)
        #expect(
            try Self.members().findings(in: body, schema: "TokenEventNotification").unknown == [
                "/cvv", "/device/a~1b~0c",
            ])
    }

    @Test func itemsOfArraysAreFollowed() throws {
        let document = Data(
            #"""
            {"components":{"schemas":{
              "List":{"type":"object","additionalProperties":false,"properties":{"items":{"type":"array","items":{"$ref":"#/components/schemas/Item"}}}},
              "Item":{"type":"object","additionalProperties":false,"properties":{"name":{"type":"string"}}},
              "Open":{"type":"object","properties":{"name":{"type":"string"}}}
            }}}
            """#.utf8)
        let members = try SchemaMembers(document: document)
        let body = try Self.json(#"{"items":[{"name":"a"},{"name":"b","extra":1}],"more":2}"#)
        #expect(members.findings(in: body, schema: "List").unknown == ["/items/1/extra", "/more"])
        #expect(members.findings(in: try Self.json(#"{"x":1}"#), schema: "Open").unknown == [])
        #expect(!members.defines("Missing"))
    }

    @Test func nullMembersAreNamedByPointerAndUnknownOnesAreNot() throws {
        let body = try Self.json(
            #"""
            {"eventId":"e","issuerId":"i","tokenId":"t","event":"SUSPENDED","state":"SUSPENDED",
             "occurredAt":"2026-01-01T00:00:00.000Z","tokenExpiry":null,"cvv":null,
             "device":{"id":"d","type":"PHONE","name":null}}
            """#)
        let members = try Self.members()
        #expect(members.findings(in: body, schema: "TokenEventNotification").null == ["/device/name", "/tokenExpiry"])
        #expect(members.findings(in: body, schema: "TokenEventNotification").unknown == ["/cvv"])
    }
}
