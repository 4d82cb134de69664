import Foundation

/// A small JSON Schema checker for the subset the OpenAPI document uses
/// (`$ref`, `type`, `properties`, `required`, `additionalProperties: false`,
/// `items`, `enum`), so tests can hold encoded values against the document.
struct JSONSchemaCheck {
    let schemas: [String: Any]

    init(document: [String: Any]) {
        let components = document["components"] as? [String: Any]
        schemas = components?["schemas"] as? [String: Any] ?? [:]
    }

    /// The problems found, as readable strings; empty when `value` conforms.
    func problems(of value: JSONValue, against schema: [String: Any], at path: String = "") -> [String] {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.split(separator: "/").last ?? "")
            guard let target = schemas[name] as? [String: Any] else { return ["\(path): unresolved \(reference)"] }
            return problems(of: value, against: target, at: path)
        }
        if let allowed = schema["enum"] as? [String] {
            guard case .string(let text) = value, allowed.contains(text) else { return ["\(path): not in enum"] }
        }
        switch (schema["type"] as? String, value) {
        case ("object", .object(let object)):
            return objectProblems(object, schema, path)
        case ("array", .array(let array)):
            let items = schema["items"] as? [String: Any] ?? [:]
            return array.enumerated().flatMap { index, element in
                problems(of: element, against: items, at: "\(path)/\(index)")
            }
        case ("string", .string), ("integer", .integer), ("boolean", .bool), (nil, _):
            return []
        case (let type?, _):
            return ["\(path): not of type \(type)"]
        }
    }

    private func objectProblems(_ object: [String: JSONValue], _ schema: [String: Any], _ path: String) -> [String] {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        var found: [String] = []
        for key in schema["required"] as? [String] ?? [] where object[key] == nil {
            found.append("\(path)/\(key): required but absent")
        }
        for (key, member) in object {
            guard let propertySchema = properties[key] as? [String: Any] else {
                if schema["additionalProperties"] as? Bool == false {
                    found.append("\(path)/\(key): not in the schema")
                }
                continue
            }
            found += problems(of: member, against: propertySchema, at: "\(path)/\(key)")
        }
        return found
    }
}
