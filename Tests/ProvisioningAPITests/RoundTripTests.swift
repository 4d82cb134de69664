import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct RoundTripTests {
    @Test(arguments: Samples.all)
    func everyWireTypeDecodesToTheValueItEncoded(sample: WireSample) throws {
        let data = try sample.encode()
        #expect(try sample.decodesBackEqual(data))
    }

    @Test(arguments: Samples.all)
    func encodingIsStable(sample: WireSample) throws {
        #expect(try sample.encode() == sample.encode())
    }

    @Test func everySchemaOfTheDocumentHasASwiftSampleAndViceVersa() throws {
        let components = try #require(OpenAPI.document()["components"] as? [String: Any])
        let schemaNames = Set(try #require(components["schemas"] as? [String: Any]).keys)
        let sampledTypes = Set(Samples.all.map(\.typeName))
        #expect(schemaNames.subtracting(sampledTypes).isEmpty, "schemas without a Swift sample")
        #expect(sampledTypes.subtracting(schemaNames).isEmpty, "Swift types missing from the document")
    }

    @Test(arguments: Samples.all)
    func encodedSampleConformsToItsSchema(sample: WireSample) throws {
        let document = try OpenAPI.document()
        let check = JSONSchemaCheck(document: document)
        let schema = try #require(check.schemas[sample.typeName] as? [String: Any], "no schema \(sample.typeName)")
        let value = try JSONDecoder().decode(JSONValue.self, from: sample.encode())
        #expect(check.problems(of: value, against: schema) == [])
    }
}
