/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and repeated fields are preserved as received (or as added), because
/// some fields (`Set-Cookie`, `Vary`) are meaningful only as a list.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add(name: "Content-Type", value: "application/json")
/// headers["content-type"]  // "application/json"
/// ```
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String
    }

    private var fields: [Field]

    package init() {
        self.fields = []
    }

    package init(_ fields: [(String, String)]) {
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The number of fields, counting repeats.
    package var count: Int { fields.count }

    package var isEmpty: Bool { fields.isEmpty }

    /// The first value of the field named `name` (any case), or `nil`.
    ///
    /// Setting a value replaces every field of that name; setting `nil` removes them.
    package subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            remove(name: name)
            if let newValue { add(name: name, value: newValue) }
        }
    }

    /// Every value of the field named `name` (any case), in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (any case) is present.
    package func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field, keeping existing ones of the same name.
    package mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (any case).
    package mutating func remove(name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    package func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where asciiLowercase(a) != asciiLowercase(b) {
            return false
        }
        return true
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}
