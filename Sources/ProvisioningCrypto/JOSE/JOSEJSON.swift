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

    /// Decodes an object-shaped `Value` (one whose decoder asks for a keyed
    /// container, as JOSEHeader's does).
    ///
    /// The whole input is scanned as JSON before any member is read, so a value
    /// that is not valid JSON is refused whatever members `Value` models.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], _ context: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as JOSEError {
            throw error
        } catch DecodingError.typeMismatch(_, let mismatch) where mismatch.codingPath.isEmpty {
            throw JOSEError(.malformed, "\(context) is not a JSON object")
        } catch DecodingError.valueNotFound(_, let missing) where missing.codingPath.isEmpty {
            // A top-level `null`.
            throw JOSEError(.malformed, "\(context) is not a JSON object")
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
