/// The Customer Service API's bodies are one member named after the message
/// (`{"TokenSuspendRequest": {…}}`); `MDESEnvelope` writes and reads that
/// wrapper around the message itself.
package struct MDESEnvelope<Message: Codable & Sendable>: Codable, Sendable {
    package var name: String
    package var message: Message

    package init(_ name: String, _ message: Message) {
        self.name = name
        self.message = message
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(message, forKey: Key(stringValue: name))
    }

    /// Decodes the one member of the object, whatever its name; ``expecting(_:in:)``
    /// checks the name.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "expected an object with one member"))
        }
        name = key.stringValue
        message = try container.decode(Message.self, forKey: key)
    }

    /// The message of an envelope named `name`.
    /// - Throws: ``MDESError`` `responseMalformed` for another name.
    package func expecting(_ name: String) throws -> Message {
        guard self.name == name else {
            throw MDESError(.responseMalformed, "expected a \(name) message")
        }
        return message
    }
}
