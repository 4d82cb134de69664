import Foundation

/// JSON reading and writing for JOSE objects: objects only at the top level,
/// keys sorted on output so that encodings are reproducible.
enum JOSEJSON {
    static func decodeObject(_ bytes: [UInt8], _ context: String) throws -> [String: JSONValue] {
        guard case .object(let object)? = try? JSONValue(parsing: bytes) else {
            throw CryptoError(.malformed, "\(context) is not a JSON object")
        }
        return object
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch let error as CryptoError {
            throw error
        } catch {
            throw CryptoError(.malformed, "value cannot be encoded as JSON")
        }
    }
}
