import ProvisioningAPI

/// Values captured by `:name` segments of a route pattern, percent-decoded.
///
/// ```swift
/// // pattern /v1/issuers/:issuerId/tokens/:tokenId/state
/// request.pathParameters["tokenId"]
/// ```
package struct PathParameters: Sendable, Equatable, Sequence {
    private var storage: [(name: String, value: String)]

    package init() {
        self.storage = []
    }

    init(_ pairs: [(name: String, value: String)]) {
        self.storage = pairs
    }

    /// The value captured for `name`, or `nil` when the pattern has no such segment.
    package subscript(name: String) -> String? {
        storage.first { $0.name == name }?.value
    }

    /// The value captured for `name`.
    ///
    /// - Throws: ``ProvisioningAPI/ProblemDetails`` `bad-request` when it is missing — which
    ///   means the route pattern and the handler disagree.
    package func require(_ name: String) throws -> String {
        guard let value = self[name] else {
            throw ProblemDetails(.badRequest, detail: "A required path parameter is missing.")
        }
        return value
    }

    package var count: Int { storage.count }

    package func makeIterator() -> AnyIterator<(name: String, value: String)> {
        AnyIterator(storage.makeIterator())
    }

    package static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
        lhs.storage.elementsEqual(rhs.storage) { $0.name == $1.name && $0.value == $1.value }
    }
}
