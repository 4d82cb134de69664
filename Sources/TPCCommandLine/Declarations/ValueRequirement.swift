/// What a valid value of an ``Option`` is beyond converting, and how an error
/// says it: `--port must be a number from 0 to 65535`.
///
/// Without one, a value that does not convert is refused as
/// `invalid value for --port: expected an integer`; with one, a value that
/// does not convert or does not satisfy it is refused with the requirement's
/// words:
///
/// ```swift
/// static let port = Option<Int>(
///     "port", valueName: "port", help: "Port.", default: 8080, requirement: .range(0...65535))
/// ```
package struct ValueRequirement<Value>: Sendable {
    /// What a valid value is, completing "--name must be …".
    package let description: String
    private let test: @Sendable (Value) -> Bool

    /// A requirement described by `description` and checked by `isSatisfied`
    /// (every converted value, when it is omitted).
    package init(_ description: String, where isSatisfied: @escaping @Sendable (Value) -> Bool = { _ in true }) {
        self.description = description
        self.test = isSatisfied
    }

    /// Whether `value` is valid.
    package func isSatisfied(by value: Value) -> Bool { test(value) }
}

extension ValueRequirement where Value == Int {
    /// A number within `range`: "a number from 1 to 1000000".
    package static func range(_ range: ClosedRange<Int>) -> ValueRequirement {
        ValueRequirement("a number from \(range.lowerBound) to \(range.upperBound)") { range.contains($0) }
    }

    /// A number of at least `minimum`: "a number ≥ 1".
    package static func atLeast(_ minimum: Int) -> ValueRequirement {
        ValueRequirement("a number ≥ \(minimum)") { $0 >= minimum }
    }
}
