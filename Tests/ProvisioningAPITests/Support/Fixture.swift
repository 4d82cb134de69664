import Foundation
import ProvisioningAPI
import Testing

/// Hand-written JSON samples under `Fixtures/`.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "missing fixture \(name).json")
        return try Data(contentsOf: url)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value {
        try JSONDecoder.provisioningAPI.decode(type, from: data(name))
    }
}

/// The OpenAPI document, parsed with JSONSerialization.
enum OpenAPI {
    static func document() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: OpenAPIDocument.data())
        return try #require(object as? [String: Any])
    }
}
