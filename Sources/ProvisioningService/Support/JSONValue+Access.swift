import ProvisioningCrypto

// Read access used by the configuration and payload parsers; ProvisioningCrypto's
// `JSONValue` is the one JSON tree type of the server side.
extension JSONValue {
    /// The member `key` of an object, or nil for other values and missing members.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The members when this is an object.
    var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The elements when this is an array.
    var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }
}
