import Foundation

/// JSON reading and writing for JOSE objects: objects only at the top level,
/// keys sorted on output so that encodings are reproducible.
enum JOSEJSON {
    static func decodeObject(_ bytes: [UInt8], _ context: String) throws -> [String: JSONValue] {
        do {
            return try JSONDecoder().decode([String: JSONValue].self, from: Data(bytes))
        } catch {
            throw JOSEError(.malformed, "\(context) is not a JSON object")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], _ context: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as JOSEError {
            throw error
        } catch {
            throw JOSEError(.malformed, "\(context) is not valid JSON of the expected shape")
        }
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch let error as JOSEError {
            throw error
        } catch {
            throw JOSEError(.malformed, "value cannot be encoded as JSON")
        }
    }
}
