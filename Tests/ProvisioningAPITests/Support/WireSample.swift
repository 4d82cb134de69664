import Foundation
import ProvisioningAPI
import Testing

/// A value of one wire type, type-erased so that one parameterized test can
/// run over every type of the contract.
struct WireSample: Sendable, CustomTestStringConvertible {
    let typeName: String
    let label: String
    let encode: @Sendable () throws -> Data
    let decodesBackEqual: @Sendable (Data) throws -> Bool

    init<Value: Codable & Equatable & Sendable>(_ value: Value, _ label: String = "full") {
        typeName = String(describing: Value.self)
        self.label = label
        encode = { try JSONEncoder.provisioningAPI.encode(value) }
        decodesBackEqual = { try JSONDecoder.provisioningAPI.decode(Value.self, from: $0) == value }
    }

    var testDescription: String { "\(typeName) (\(label))" }
}
