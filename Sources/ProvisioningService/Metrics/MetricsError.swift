/// A metric that cannot be registered.
///
/// Registration happens at start-up with names fixed in code, so these errors
/// point at a programming mistake; they never involve request data.
package struct MetricsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// A metric or label name outside the Prometheus name alphabet, or a
        /// label name reserved by Prometheus (`le`, `__…`).
        package static let invalidName = Code(rawValue: "invalid-name")
        /// The name is already registered with another type, help or label set.
        package static let conflictingRegistration = Code(rawValue: "conflicting-registration")
        /// Histogram buckets that are empty, unsorted, repeated or not finite.
        package static let invalidBuckets = Code(rawValue: "invalid-buckets")
    }

    /// The kind of failure.
    package let code: Code
    /// The metric's name and what is wrong with it.
    package let detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(code): \(detail)" }
}
