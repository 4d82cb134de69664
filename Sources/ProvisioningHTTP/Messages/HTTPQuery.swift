/// The decoded query of a request URI, in the order the client sent it.
///
/// Keys and values are percent-decoded and `+` stands for a space
/// (`application/x-www-form-urlencoded` rules). Repeated keys are kept.
///
/// ```swift
/// // GET /search?tag=a&tag=b&q=caf%C3%A9
/// request.query["q"]          // "café"
/// request.query.values(for: "tag")  // ["a", "b"]
/// ```
package struct HTTPQuery: Sendable, Equatable, Sequence {
    /// One `name=value` pair; `value` is `nil` for a bare `name`.
    package struct Item: Sendable, Equatable {
        package var name: String
        package var value: String?
    }

    package private(set) var items: [Item]

    package init(_ items: [Item] = []) {
        self.items = items
    }

    /// The value of the first item named `name` (exact match); `nil` when absent
    /// and `""` for a bare `name` or `name=`.
    package subscript(name: String) -> String? {
        guard let item = items.first(where: { $0.name == name }) else { return nil }
        return item.value ?? ""
    }

    /// All values given for `name`, in order (bare names count as `""`).
    package func values(for name: String) -> [String] {
        items.filter { $0.name == name }.map { $0.value ?? "" }
    }

    package var isEmpty: Bool { items.isEmpty }

    package func makeIterator() -> IndexingIterator<[Item]> {
        items.makeIterator()
    }
}
